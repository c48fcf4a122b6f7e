#!/usr/bin/env node
// The `mcpkit` command: the only place that reads process.argv and sets the exit status.
import process from 'node:process';
import { runCli } from '../dist/index.js';

const status = await runCli(process.argv.slice(2), process, process.cwd());
// A closed client may leave idle keep-alive sockets for a few seconds: exit once stdout is flushed.
process.stdout.write('', () => process.exit(status));

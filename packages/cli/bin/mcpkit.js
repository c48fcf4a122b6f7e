#!/usr/bin/env node
// The `mcpkit` command: the only place that reads process.argv and sets the exit status.
import process from 'node:process';
import { runCli } from '../dist/index.js';

/** A failure runCli did not expect is a bug in mcpkit, not an answer of the server: BSD's EX_SOFTWARE. */
const INTERNAL_ERROR = 70;

const status = await runCli(process.argv.slice(2), process, process.cwd()).catch((error) => {
  process.stderr.write(`mcpkit: internal error, please report it: ${error?.stack ?? error}\n`);
  return INTERNAL_ERROR;
});
// A closed client may leave idle keep-alive sockets for a few seconds: exit once stdout is flushed.
process.stdout.write('', () => process.exit(status));

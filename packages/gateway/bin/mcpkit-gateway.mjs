#!/usr/bin/env node
// The mcpkit-gateway command (see USAGE in src/cli.ts).
import { runCli } from '../dist/index.js';

const code = await runCli(process.argv.slice(2));
// Streams and sockets of closed upstreams may still hold the event loop for a moment: the
// gateway has ended, so the process does too.
process.exit(code);

#!/usr/bin/env node
// The mcpkit-gateway command (see USAGE in src/cli.ts).
import nodeModule from 'node:module';

// Node >= 22.1 keeps compiled module code on disk between runs (the OS temp directory;
// NODE_DISABLE_COMPILE_CACHE=1 turns it off), which cuts startup; older Node lacks the function.
// Turned on before the gateway is imported, so that its modules are the ones cached.
nodeModule.enableCompileCache?.();
const { runCli } = await import('../dist/index.js');

const code = await runCli(process.argv.slice(2));
// Streams and sockets of closed upstreams may still hold the event loop for a moment: the
// gateway has ended, so the process does too.
process.exit(code);

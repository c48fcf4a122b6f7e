#!/usr/bin/env node
// The `mcpkit` command: the only place that reads process.argv and sets the exit status.
import nodeModule from 'node:module';
import process from 'node:process';

// Node >= 22.1 keeps compiled module code on disk between runs (the OS temp directory;
// NODE_DISABLE_COMPILE_CACHE=1 turns it off), which cuts startup; older Node lacks the function.
// Turned on before the CLI is imported, so that its modules are the ones cached.
nodeModule.enableCompileCache?.();
const { runCli } = await import('../dist/index.js');

/** A failure runCli did not expect is a bug in mcpkit, not an answer of the server: BSD's EX_SOFTWARE. */
const INTERNAL_ERROR = 70;

const status = await runCli(process.argv.slice(2), process, process.cwd()).catch((error) => {
  process.stderr.write(`mcpkit: internal error, please report it: ${error?.stack ?? error}\n`);
  return INTERNAL_ERROR;
});
// A closed client may leave idle keep-alive sockets for a few seconds: exit once stdout is flushed.
process.stdout.write('', () => process.exit(status));

#!/usr/bin/env node
import process from 'node:process';
import { parseCli, USAGE, UsageError } from './harness/cli/args.js';
import { runCli } from './harness/cli/run.js';

// mcpkit-conformance: the only place that touches process.argv, stdout/stderr and the exit status.
try {
  const options = parseCli(process.argv.slice(2));
  if (options === 'help') {
    process.stdout.write(`${USAGE}\n`);
  } else {
    process.exitCode = await runCli(options, process.stdout, process.stderr);
  }
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`mcpkit-conformance: ${error.message}\n\n${USAGE}\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(
      `mcpkit-conformance: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  }
}

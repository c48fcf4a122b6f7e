#!/usr/bin/env node
import process from 'node:process';
import { parseCli, USAGE, UsageError } from './harness/cli/args.js';
import { runCli } from './harness/cli/run.js';
import { TargetUnreachableError } from './harness/server-scenarios/index.js';

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
  } else if (error instanceof TargetUnreachableError) {
    // Not a harness fault: one line saying what could not be reached and why, no stack.
    process.stderr.write(`mcpkit-conformance: ${error.message}\n`);
    process.exitCode = 1;
  } else {
    process.stderr.write(
      `mcpkit-conformance: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  }
}

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { usageError } from '../exit-codes.js';

/** Where the conformance app's CLI sits in an mcpkit checkout, relative to the repository root. */
const CONFORMANCE_CLI = join('apps', 'conformance', 'dist', 'cli.js');

/** The conformance CLI of the mcpkit checkout holding `directory`, if there is one (and it is built). */
export function findConformanceCli(directory: string): string | undefined {
  for (let current = directory; ; current = dirname(current)) {
    const candidate = join(current, CONFORMANCE_CLI);
    if (existsSync(candidate)) return candidate;
    if (dirname(current) === current) return undefined;
  }
}

/**
 * `mcpkit conformance …`: runs the conformance app (`mcpkit-conformance`) with the same arguments,
 * its output and exit status passed through. The app is private to the mcpkit repository, so it is
 * looked for in the checkout around the working directory.
 */
export async function runConformance(args: readonly string[], cwd: string): Promise<number> {
  const cli = findConformanceCli(cwd);
  if (cli === undefined) {
    throw usageError(
      `mcpkit conformance needs the conformance app, which is not published: no ${CONFORMANCE_CLI} in ${cwd} or above it. ` +
        'Run it inside an mcpkit checkout after `pnpm build` (or run `node apps/conformance/dist/cli.js …` there).',
    );
  }
  const child = spawn(process.execPath, [cli, ...args], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal === null ? 1 : 128 + signalNumber(signal))));
  });
}

function signalNumber(signal: NodeJS.Signals): number {
  return signal === 'SIGINT' ? 2 : signal === 'SIGKILL' ? 9 : 15;
}

// `pnpm -C apps/cluster run check`: starts Redis, three servers and nginx, runs every check through
// nginx, prints one progress line per step and the summary line, exits 0 when all passed.
import { runClusterCheck } from './run-checks.js';
import { stopOnSignals } from './signals.js';

const progress = (line: string) => process.stdout.write(`${line}\n`);
stopOnSignals();
try {
  const run = await runClusterCheck(progress);
  progress(run.summary);
  process.exitCode = run.failed === 0 ? 0 : 1;
} catch (error) {
  progress(`cluster check: could not run: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}

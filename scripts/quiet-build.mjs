#!/usr/bin/env node
// `pnpm start` builds the echo server before running it. turbo always prints a banner ("• turbo
// 2.x", "Packages in scope", a task summary) and, now and then, a telemetry notice or an update
// notice: noise in front of the one line a user starts the server to see. So the build runs with
// its output captured, shown (on stderr) only when the build fails. Arguments go to `turbo run build`.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const turbo = createRequire(import.meta.url).resolve('turbo/bin/turbo');
const result = spawnSync(
  process.execPath,
  [turbo, 'run', 'build', '--output-logs=errors-only', ...process.argv.slice(2)],
  {
    encoding: 'utf8',
    // A build started to run a server has no business phoning home or checking for updates.
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', TURBO_NO_UPDATE_NOTIFIER: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  },
);
if (result.error !== undefined) throw result.error;
if (result.status !== 0) {
  process.stderr.write(`${result.stdout}${result.stderr}`);
  process.stderr.write(
    `The build failed (turbo exited with ${result.status ?? result.signal}); see above.\n`,
  );
  process.exitCode = result.status ?? 1;
}

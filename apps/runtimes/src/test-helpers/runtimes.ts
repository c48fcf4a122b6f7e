// Bun and Deno as the tests run them: the command that runs one of this app's built fixtures, and
// the name the fixture's `runtime` tool answers with there.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bunBinary, denoBinary, packageVersion } from './binaries.js';

export const appDir = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

/** A built fixture of `src/fixtures` (built by `pnpm build`, which `pnpm test` runs first). */
export function fixture(name: string): string {
  const path = join(appDir, 'dist', 'fixtures', `${name}.js`);
  if (!existsSync(path))
    throw new Error(`${path} is missing: build apps/runtimes first (\`pnpm run build\`)`);
  return path;
}

export interface ScriptRuntime {
  name: 'bun' | 'deno';
  binary(): string;
  /** What the fixtures' `runtime` tool answers on this runtime. */
  expectedName(): string;
  /** `binary` and its arguments to run `script` with `args`. */
  command(script: string, args?: string[]): { command: string; args: string[] };
}

export const bun: ScriptRuntime = {
  name: 'bun',
  binary: bunBinary,
  expectedName: () => `bun ${packageVersion('bun')}`,
  command: (script, args = []) => ({ command: bunBinary(), args: [script, ...args] }),
};

/**
 * Deno resolves the fixtures' bare imports (`@mcpkit/server`, `zod`) through the node_modules
 * folder pnpm made, as Node does: `--node-modules-dir=manual` says to use that folder as it is
 * (Deno neither installs nor rewrites it), and `--no-lock` keeps Deno from writing a deno.lock
 * into the app. Deno finds the node_modules beside the nearest package.json (this app's).
 */
export const deno: ScriptRuntime = {
  name: 'deno',
  binary: denoBinary,
  expectedName: () => `deno ${packageVersion('deno')}`,
  command: (script, args = []) => ({
    command: denoBinary(),
    args: ['run', '-A', '--node-modules-dir=manual', '--no-lock', script, ...args],
  }),
};

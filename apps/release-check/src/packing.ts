// Packs every publishable package with pnpm (which rewrites `workspace:` and `catalog:` ranges) and
// reads back the package.json each tarball really carries.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { runOk } from './run.js';

export interface PackedPackage {
  name: string;
  version: string;
  tarball: string;
}

export interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** A package folder under `packages/` and its package.json. */
export interface WorkspacePackage extends Manifest {
  dir: string;
}

/** The packages under `packages/` that are not private: what a release publishes. */
export async function publishablePackages(root: string): Promise<WorkspacePackage[]> {
  const found: WorkspacePackage[] = [];
  for (const folder of await readdir(join(root, 'packages'))) {
    const dir = join(root, 'packages', folder);
    const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as Manifest;
    if (!manifest.private) found.push({ ...manifest, dir });
  }
  return found;
}

/** pnpm as the workspace runs it: the one running this test if any, else pnpm 10 through npx. */
function pnpmCommand(): [string, string[]] {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm/.test(execPath)) return [process.execPath, [execPath]];
  return ['npx', ['-y', 'pnpm@10']];
}

/** Packs `packages` (pnpm -r pack would pack the private ones under packages/ too). */
export async function packAll(
  root: string,
  destination: string,
  packages: readonly Manifest[],
): Promise<PackedPackage[]> {
  const [command, prefix] = pnpmCommand();
  const filters = packages.flatMap((manifest) => ['--filter', manifest.name]);
  const { stdout } = await runOk(
    command,
    [...prefix, '-r', ...filters, 'pack', '--pack-destination', destination, '--json'],
    { cwd: root, timeoutMs: 120_000 },
  );
  const packed = JSON.parse(stdout.slice(stdout.indexOf('['))) as {
    name: string;
    version: string;
    filename: string;
  }[];
  return packed.map(({ name, version, filename }) => ({ name, version, tarball: filename }));
}

/** `package/package.json` out of a packed .tgz (a gzipped ustar archive). */
export async function packedManifest(tarball: string): Promise<Manifest> {
  const archive = gunzipSync(await readFile(tarball));
  let offset = 0;
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512);
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    if (name === '') break;
    const size = Number.parseInt(
      header.subarray(124, 136).toString('utf8').replace(/\0.*$/s, '').trim() || '0',
      8,
    );
    const prefix = header.subarray(345, 500).toString('utf8').replace(/\0.*$/s, '');
    const path = prefix ? `${prefix}/${name}` : name;
    if (path === 'package/package.json') {
      return JSON.parse(archive.subarray(offset + 512, offset + 512 + size).toString('utf8')) as Manifest;
    }
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error(`${tarball} has no package/package.json`);
}

/** Every dependency range that a registry user could not resolve: `workspace:` and `catalog:` ones. */
export function unresolvableRanges(manifest: Manifest): string[] {
  const fields = ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies'] as const;
  return fields.flatMap((field) =>
    Object.entries(manifest[field] ?? {})
      .filter(([, range]) => /^(workspace|catalog):/.test(range))
      .map(([dependency, range]) => `${manifest.name} ${field}.${dependency}: ${range}`),
  );
}

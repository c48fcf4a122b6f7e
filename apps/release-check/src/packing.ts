// Packs every publishable package with pnpm (which rewrites `workspace:` and `catalog:` ranges) and
// reads back the package.json each tarball really carries.
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';

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

// Selecting and packing the packages is scripts/pack-all.mjs's (behind `pnpm pack:all` too), so the
// release check packs exactly what a user of that command gets.
export { packAll, publishablePackages } from '../../../scripts/pack-all.mjs';

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

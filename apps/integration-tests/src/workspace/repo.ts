// Locations and package manifests of the monorepo, for tests that check the workspace itself.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface Manifest {
  dir: string;
  name: string;
  private?: boolean;
  exports?: Record<string, unknown>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  bin?: Record<string, string>;
}

export function workspaceManifests(): Manifest[] {
  const manifests: Manifest[] = [];
  for (const group of ['packages', 'apps']) {
    for (const entry of readdirSync(join(repoRoot, group), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const dir = join(repoRoot, group, entry.name);
      const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Omit<Manifest, 'dir'>;
      manifests.push({ dir, ...json });
    }
  }
  return manifests.sort((a, b) => a.name.localeCompare(b.name));
}

/** Every file below `dir` whose name ends with one of `extensions`, skipping build output and dependencies. */
export function sourceFiles(dir: string, extensions: string[]): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(path, extensions));
    else if (extensions.some((ext) => entry.name.endsWith(ext))) found.push(path);
  }
  return found;
}

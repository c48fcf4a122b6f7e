// Locates the shared spec reference that sits beside the repository (<root>/main and <root>/shared).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (packages/protocol/test -> ../../..). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** `<root>/shared/reference`; throws when absent so a corpus test can never pass vacuously. */
export function referenceDir(): string {
  const dir = resolve(repoRoot, '../shared/reference');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new Error(
      `spec reference directory not found at ${dir}: the corpus tests need ../shared/reference`,
    );
  }
  return dir;
}

export function listDirs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

export function listJsonFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(dir, name));
}

export function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

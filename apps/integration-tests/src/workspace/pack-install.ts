// Packs workspace packages into tarballs and installs chosen combinations into empty npm projects,
// the way a user who wants only some packages would.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './repo.js';

const packed = new Map<string, string>();
let packDir: string | undefined;

/** Packs `packages/<name>` once per test run and returns the tarball path. */
export function packPackage(name: string): string {
  const cached = packed.get(name);
  if (cached) return cached;
  packDir ??= mkdtempSync(join(tmpdir(), 'mcpkit-pack-'));
  const before = new Set(readdirSync(packDir));
  execFileSync('pnpm', ['pack', '--pack-destination', packDir], {
    cwd: join(repoRoot, 'packages', name),
    stdio: 'pipe',
  });
  const tarball = readdirSync(packDir).find((file) => !before.has(file) && file.endsWith('.tgz'));
  if (!tarball) throw new Error(`pnpm pack produced no tarball for packages/${name}`);
  const path = join(packDir, tarball);
  packed.set(name, path);
  return path;
}

/** Creates an empty project (ESM unless `type` says otherwise) and npm-installs the given tarballs plus registry packages into it. */
export function installIntoEmptyProject(
  tarballs: string[],
  registryPackages: string[] = [],
  type: 'module' | 'commonjs' = 'module',
): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcpkit-install-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type }));
  execFileSync(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--loglevel=error',
      ...tarballs,
      ...registryPackages,
    ],
    { cwd: dir, stdio: 'pipe' },
  );
  return dir;
}

/** Names of every package installed anywhere under the project's node_modules. */
export function installedPackages(projectDir: string): string[] {
  const names = new Set<string>();
  const visit = (modulesDir: string): void => {
    if (!existsSync(modulesDir)) return;
    for (const entry of readdirSync(modulesDir)) {
      if (entry.startsWith('.')) continue;
      if (entry.startsWith('@')) {
        for (const scoped of readdirSync(join(modulesDir, entry))) {
          names.add(`${entry}/${scoped}`);
          visit(join(modulesDir, entry, scoped, 'node_modules'));
        }
      } else {
        names.add(entry);
        visit(join(modulesDir, entry, 'node_modules'));
      }
    }
  };
  visit(join(projectDir, 'node_modules'));
  return [...names].sort();
}

/** Writes `source` to `fileName` in the project and runs it with node (plus `nodeFlags`), returning its stdout. */
export function runScript(
  projectDir: string,
  fileName: string,
  source: string,
  nodeFlags: string[] = [],
): string {
  mkdirSync(projectDir, { recursive: true });
  writeFileSync(join(projectDir, fileName), source);
  return execFileSync(process.execPath, [...nodeFlags, fileName], {
    cwd: projectDir,
    stdio: 'pipe',
    timeout: 60_000,
  }).toString();
}

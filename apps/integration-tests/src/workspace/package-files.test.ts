// What every published tarball carries besides code: the license text (the same as the root's),
// the changelog, the README, and the Node versions the packages are tested on.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packPackage } from './pack-install.js';
import { repoRoot, workspaceManifests } from './repo.js';

const rootManifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  engines: { node: string };
};
const rootLicense = readFileSync(join(repoRoot, 'LICENSE'), 'utf8');
const published = workspaceManifests().filter((m) => m.dir.includes('/packages/') && !m.private);

describe('published package files', () => {
  it.each(published.map((m) => [m.name, m]))('%s: license, engines and files', (name, manifest) => {
    const json = JSON.parse(readFileSync(join(manifest.dir, 'package.json'), 'utf8')) as {
      license?: string;
      engines?: { node?: string };
      files?: string[];
    };
    expect(json.license, `${name}: package.json "license"`).toBe('MIT');
    expect(json.engines?.node, `${name}: package.json "engines.node" should equal the root's`).toBe(
      rootManifest.engines.node,
    );
    expect(json.files, `${name}: package.json "files"`).toEqual(
      expect.arrayContaining(['dist', 'README.md', 'CHANGELOG.md', 'LICENSE']),
    );
    const license = join(manifest.dir, 'LICENSE');
    expect(existsSync(license), `${license} is missing: copy the root LICENSE there`).toBe(true);
    expect(readFileSync(license, 'utf8'), `${license} differs from the root LICENSE`).toBe(rootLicense);
  });

  it.each(published.map((m) => [m.name, m.dir.split('/').pop()!]))(
    '%s: the tarball holds LICENSE, README.md and, once released, CHANGELOG.md',
    (name, folder) => {
      const entries = execFileSync('tar', ['-tzf', packPackage(folder)], { encoding: 'utf8' }).split('\n');
      expect(entries, name).toEqual(expect.arrayContaining(['package/LICENSE', 'package/README.md']));
      if (existsSync(join(repoRoot, 'packages', folder, 'CHANGELOG.md')))
        expect(entries, name).toContain('package/CHANGELOG.md');
    },
  );
});

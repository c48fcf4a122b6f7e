// The runtime-neutral packages must run on Node, Deno, Bun, Workers and browsers alike:
// no Node built-in module may be imported from their source.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, sourceFiles } from './repo.js';

const neutralPackages = [
  'protocol',
  'jsonrpc',
  'server',
  'client',
  'transport-http-client',
  'auth-client',
  'auth-server',
  'hono',
  'otel',
  'apps',
  'testing',
];
const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
const importPattern =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g;

function nodeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(importPattern)) {
    const specifier = match[1] ?? match[2] ?? match[3] ?? '';
    if (specifier.startsWith('node:') || builtins.has(specifier)) found.push(specifier);
  }
  return found;
}

describe('runtime-neutral packages', () => {
  it('the import scanner recognises a Node built-in import', () => {
    expect(nodeImports(join(repoRoot, 'apps/integration-tests/src/workspace/repo.ts'))).toContain('node:fs');
  });

  for (const name of neutralPackages) {
    it(`@mcpkit/${name} imports no node: module outside its tests`, () => {
      const src = join(repoRoot, 'packages', name, 'src');
      // Folders are matched inside src/, so the files of packages/testing itself are scanned.
      const files = sourceFiles(src, ['.ts']).filter((file) => {
        const inSrc = `/${relative(src, file)}`;
        return (
          !file.endsWith('.test.ts') &&
          !inSrc.includes('/bench/') &&
          !inSrc.includes('/testing/') &&
          !inSrc.includes('/test-helpers/') &&
          // A package's `./node` entry (src/node/) is its Node-only part, by convention.
          !inSrc.startsWith('/node/')
        );
      });
      expect(files.length).toBeGreaterThan(0);
      const offenders = files.flatMap((file) =>
        nodeImports(file).map((specifier) => `${relative(repoRoot, file)} imports ${specifier}`),
      );
      expect(offenders).toEqual([]);
    });
  }
});

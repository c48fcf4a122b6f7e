// scripts/check-import-cycles.mjs (run by `pnpm run lint`): its cycle finder on small graphs, and
// the script itself as a process on a fixture workspace.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findCycles } from '../../../../scripts/check-import-cycles.mjs';
import { repoRoot } from './repo.js';

const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

describe('findCycles', () => {
  it('finds none in a graph without a circle', () => {
    expect(findCycles(graph({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });

  it('finds a two-module circle once, as a path back to its start', () => {
    expect(findCycles(graph({ a: ['b'], b: ['a', 'c'], c: [] }))).toEqual([['a', 'b', 'a']]);
  });

  it('finds a longer circle and a module importing itself', () => {
    const cycles = findCycles(graph({ a: ['b'], b: ['c'], c: ['a'], d: ['d'] }));
    expect(cycles).toContainEqual(['a', 'b', 'c', 'a']);
    expect(cycles).toContainEqual(['d', 'd']);
    expect(cycles).toHaveLength(2);
  });

  it('shows every way back to a hub that several modules import and are imported by', () => {
    const cycles = findCycles(graph({ hub: ['x', 'y'], x: ['hub'], y: ['hub'] }));
    expect(cycles).toEqual([
      ['hub', 'x', 'hub'],
      ['y', 'hub', 'y'],
    ]);
  });
});

describe('check-import-cycles.mjs', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  function workspace(files: Record<string, string>): string {
    const root = mkdtempSync(join(tmpdir(), 'mcpkit-cycles-'));
    roots.push(root);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  }

  function run(root: string) {
    const result = spawnSync(process.execPath, [join(repoRoot, 'scripts/check-import-cycles.mjs'), root], {
      encoding: 'utf8',
    });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  it('passes a workspace without circles and says what it checked', () => {
    const root = workspace({
      'packages/p/src/a.ts': "import { b } from './b.js';\nexport const a = b;\n",
      'packages/p/src/b.ts': 'export const b = 1;\n',
      // Tests may import anything: a test importing the module it tests is no circle.
      'packages/p/src/a.test.ts': "import { a } from './a.js';\nexport const t = a;\n",
    });
    const result = run(root);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^OK: .* among 2 modules \(1 import edges\)/);
    expect(result.status).toBe(0);
  });

  it('fails on a circle made of type-only imports and re-exports, printing it', () => {
    const root = workspace({
      'packages/p/src/a.ts': "import type { B } from './b.js';\nexport type A = B;\n",
      'packages/p/src/b.ts': "export type { A as B } from './a.js';\n",
    });
    const result = run(root);
    expect(result.stderr).toContain(
      'import circle: packages/p/src/a.ts -> packages/p/src/b.ts -> packages/p/src/a.ts',
    );
    expect(result.status).toBe(1);
  });

  it('fails on a module over 500 lines, but not on a barrel of explicit exports', () => {
    const root = workspace({
      'packages/p/src/long.ts': 'export const x = 1;\n'.repeat(501),
      'packages/p/src/index.ts': Array.from(
        { length: 600 },
        (_, i) => `export { x as x${i} } from './long.js';\n`,
      ).join(''),
      'packages/p/src/fine.ts': 'export const y = 1;\n'.repeat(500),
    });
    const result = run(root);
    expect(result.stderr.trim().split('\n')).toEqual([
      'too long: packages/p/src/long.ts has 501 lines (at most 500; split it along its seams)',
    ]);
    expect(result.status).toBe(1);
  });
});

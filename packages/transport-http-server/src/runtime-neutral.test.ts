// The handler must run on any runtime with Web APIs (Deno, Bun, Workers); only src/node may use Node.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('.', import.meta.url).pathname;
const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

function coreFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return name === 'node' || name === 'test-helpers' ? [] : coreFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('runtime-neutral core', () => {
  it('imports no Node built-in and uses no Node global outside src/node', () => {
    const offenders: string[] = [];
    for (const file of coreFiles(root)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/from\s+['"]([^'"]+)['"]/g)) {
        if (builtins.has(match[1]!)) offenders.push(`${relative(root, file)} imports ${match[1]}`);
      }
      if (/\b(?:Buffer|process)\.\w|\brequire\(/.test(text))
        offenders.push(`${relative(root, file)} uses a Node global`);
    }
    expect(coreFiles(root).length).toBeGreaterThan(10);
    expect(offenders).toEqual([]);
  });
});

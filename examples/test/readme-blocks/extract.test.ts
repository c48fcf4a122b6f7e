import { describe, expect, it } from 'vitest';
import { extractBlocks } from './extract.js';
import { topLevelNames } from './workspace.js';

describe('extractBlocks', () => {
  it('finds ts and js blocks with their first code line, flags and names; skips other languages', () => {
    const markdown = [
      '# Title', // 1
      '```ts', // 2
      'const a = 1;', // 3
      '```',
      '```sh',
      'echo no',
      '```',
      '- a list item:', // 8
      '',
      '  ```ts fragment', // 10
      '  server.tool();', // 11
      '  ```',
      '```js', // 13
      '// client.mjs',
      'import "x";',
      '```',
      '```ts file=server.ts no-run frgament', // 17
      'export {};',
      '```',
    ].join('\n');
    const blocks = extractBlocks('README.md', markdown);
    expect(
      blocks.map(({ line, code, language, fragment, noRun, fileName, unknownFlags }) => ({
        line,
        code,
        language,
        fragment,
        noRun,
        fileName,
        unknownFlags,
      })),
    ).toEqual([
      {
        line: 3,
        code: 'const a = 1;\n',
        language: 'ts',
        fragment: false,
        noRun: false,
        fileName: undefined,
        unknownFlags: [],
      },
      {
        line: 11,
        code: 'server.tool();\n',
        language: 'ts',
        fragment: true,
        noRun: false,
        fileName: undefined,
        unknownFlags: [],
      },
      {
        line: 14,
        code: '// client.mjs\nimport "x";\n',
        language: 'js',
        fragment: false,
        noRun: false,
        fileName: 'client.mjs',
        unknownFlags: [],
      },
      {
        line: 18,
        code: 'export {};\n',
        language: 'ts',
        fragment: false,
        noRun: true,
        fileName: 'server.ts',
        unknownFlags: ['frgament'],
      },
    ]);
  });

  it('takes a block left open to the end of the file', () => {
    expect(extractBlocks('a.md', '```typescript\nlet x = 1;\n').map((block) => block.code)).toEqual([
      'let x = 1;\n\n',
    ]);
  });
});

describe('topLevelNames', () => {
  it('lists what a fragment declares itself, so the prelude does not import it over', () => {
    const code = [
      "import express, * as ns from 'express';",
      "import { a, b as c } from 'x';",
      'const server = 1, { d, e: [f] } = g;',
      'function h() { const inner = 1; }',
      'class K {}',
      'interface I {}',
      'type T = 1;',
      'server.tool();',
    ].join('\n');
    expect([...topLevelNames(code)].sort()).toEqual([
      'I',
      'K',
      'T',
      'a',
      'c',
      'd',
      'express',
      'f',
      'h',
      'ns',
      'server',
    ]);
  });
});

// scripts/module-format-fields.mjs: the one shape of the module-format fields that build-package.mjs
// checks before building, and that every published package.json has.
import { describe, expect, it } from 'vitest';
import { checkModuleFormatFields, moduleFormatFields } from '../../../../scripts/module-format-fields.mjs';
import { workspaceManifests } from './repo.js';

const twoEntries = () => ({
  name: '@mcpkit/example',
  ...moduleFormatFields({ '.': './dist/index.js', './node': './dist/node/index.js' }),
});

describe('module-format fields', () => {
  it('gives each entry ESM and CommonJS files with their own types, and node10 its fallbacks', () => {
    const fields = twoEntries();
    expect(fields.main).toBe('./dist/index.cjs');
    expect(fields.types).toBe('./dist/index.d.cts');
    expect(fields.typesVersions).toEqual({ '*': { node: ['./dist/node/index.d.cts'] } });
    expect(fields.exports['./node']).toEqual({
      import: { types: './dist/node/index.d.ts', default: './dist/node/index.js' },
      require: { types: './dist/node/index.d.cts', default: './dist/node/index.cjs' },
    });
  });

  it('holds for every published package', () => {
    const published = workspaceManifests().filter((m) => m.dir.includes('/packages/') && !m.private);
    for (const manifest of published) expect(() => checkModuleFormatFields({ ...manifest })).not.toThrow();
  });

  it('refuses a CommonJS entry typed by a .d.ts, naming the field and the shape it should have', () => {
    const manifest = twoEntries();
    manifest.exports['./node']!.require.types = './dist/node/index.d.ts';
    expect(() => checkModuleFormatFields(manifest)).toThrow(
      /@mcpkit\/example: package\.json "exports" must be .*"\.\/dist\/node\/index\.d\.cts".*got .*"\.\/dist\/node\/index\.d\.ts"/,
    );
  });

  it('refuses a missing typesVersions entry and an #import target without its require twin', () => {
    const manifest: Record<string, any> = twoEntries();
    delete manifest.typesVersions;
    expect(() => checkModuleFormatFields(manifest)).toThrow(/"typesVersions" must be/);
    const withImports = { ...twoEntries(), imports: { '#io': { node: './dist/io.js' } } };
    expect(() => checkModuleFormatFields(withImports)).toThrow(
      /imports\["#io"\]\.node must be \{ "import": "\.\/dist\/<path>\.js", "require": "\.\/dist\/<path>\.cjs" \}/,
    );
  });
});

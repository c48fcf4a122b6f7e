// Scaffolds one workspace package: package.json, tsconfigs, vitest config, src/index.ts, README.
// Usage: node scripts/new-package.mjs <dir> <name> <description> [--private]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { moduleFormatFields } from './module-format-fields.mjs';

const [dir, name, description, flag] = process.argv.slice(2);
if (!dir || !name || !description)
  throw new Error('usage: new-package.mjs <dir> <name> <description> [--private]');
const isPrivate = flag === '--private';
const short = name.replace('@mcpkit/', '');
mkdirSync(join(dir, 'src'), { recursive: true });
const write = (file, text) => {
  const path = join(dir, file);
  if (!existsSync(path)) writeFileSync(path, text);
};
const pkg = {
  name,
  version: '0.0.0',
  description,
  ...(isPrivate ? { private: true } : { license: 'MIT', engines: { node: '>=20.19' } }),
  type: 'module',
  sideEffects: false,
  // Published packages ship ESM and CommonJS (build-package.mjs checks these fields); apps only ESM.
  ...(isPrivate
    ? { exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } } }
    : moduleFormatFields({ '.': './dist/index.js' })),
  files: ['dist', 'README.md', 'CHANGELOG.md', 'LICENSE'],
  scripts: {
    // Published packages ship one bundled file per export (scripts/build-package.mjs); apps keep tsc's files.
    build: isPrivate ? 'tsc -p tsconfig.build.json' : 'node ../../scripts/build-package.mjs',
    typecheck: 'tsc -p tsconfig.json --noEmit',
    test: 'vitest run',
  },
};
write('package.json', `${JSON.stringify(pkg, null, 2)}\n`);
write(
  'tsconfig.json',
  `${JSON.stringify({ extends: '../../tsconfig.base.json', compilerOptions: { noEmit: true, types: ['node'] }, include: ['src', 'test'] }, null, 2)}\n`,
);
write(
  'tsconfig.build.json',
  `${JSON.stringify({ extends: '../../tsconfig.base.json', compilerOptions: { rootDir: 'src', outDir: 'dist' }, include: ['src'], exclude: ['src/**/*.test.ts', 'src/**/test-helpers/**'] }, null, 2)}\n`,
);
write(
  'vitest.config.ts',
  `import { defineProject } from 'vitest/config';\n\nexport default defineProject({ test: { name: '${short}' } });\n`,
);
write('src/index.ts', `// Every export of this file is public API.\nexport {};\n`);
write('README.md', `# ${name}\n\n${description}\n`);
// Published tarballs carry the license text; package-files.test.ts keeps every copy equal to the root's.
if (!isPrivate) write('LICENSE', readFileSync(join(dir, '../../LICENSE'), 'utf8'));

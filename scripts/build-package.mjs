#!/usr/bin/env node
// Builds the workspace package in the current directory into dist/: type declarations from tsc,
// JavaScript from esbuild, one file per `exports` entry (code shared by several entries goes to
// dist/_chunks, so module state such as an installed validator exists once). Then the CommonJS
// twin of every file (`.cjs`, `.d.cts`; see build-cjs.mjs), for the `require` condition.
//
// Why bundle: Node resolves, reads and compiles every ESM file separately, and a server that
// loaded our ~100 small files spent more time starting than the official SDK does (issue #3's
// startup target). Dependencies (zod, other @mcpkit packages, uri-template…) stay external, so
// users' bundlers still deduplicate them and tree-shake each entry file.
//
// @mcpkit/protocol keeps tsc's one-file-per-module output (`--unbundled`): its per-revision schema
// objects spread whole module namespaces, which a bundled file turns into top-level `__export` calls
// that keep every schema alive in users' bundles (the stdio server probe grew from 33 to 45 KiB gzipped).
// Its server-side entry is still folded into one file (`--fold-entry ./essentials`, see fold-entry.mjs),
// which has no namespace objects, so a server starts without loading ~30 small modules.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
import { buildCommonJs } from './build-cjs.mjs';
import { foldEntry } from './fold-entry.mjs';
import { checkModuleFormatFields } from './module-format-fields.mjs';

const packageDir = process.cwd();
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const unbundled = process.argv.includes('--unbundled');
const foldIndex = process.argv.indexOf('--fold-entry');
const foldedEntry = foldIndex >= 0 ? process.argv[foldIndex + 1] : undefined;
if (foldedEntry !== undefined && !unbundled)
  throw new Error('--fold-entry applies to --unbundled builds only');
checkModuleFormatFields(manifest);

/** `./dist/node/index.js` → `src/node/index.ts`, one source file per build output. */
function sourceOf(field, output) {
  const match = /^\.\/dist\/(.+)\.js$/.exec(output ?? '');
  if (match === null)
    throw new Error(`${manifest.name}: ${field} must point at ./dist/<path>.js, got ${output}`);
  const source = join('src', `${match[1]}.ts`);
  if (!existsSync(join(packageDir, source))) {
    throw new Error(`${manifest.name}: ${field} has no source file ${source}`);
  }
  return source;
}

/**
 * Every runtime entry in `exports`, plus every runtime target of the `imports` map: a subpath
 * import such as `#node-request` picks its file by runtime condition ("node" or "default") where
 * the package is used, so each target is built as a file of its own and the specifier stays.
 * (A `*-source` condition points the package's own typecheck at the source; it is not built.)
 */
function entryPoints() {
  const entries = [];
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    entries.push(sourceOf(`exports["${subpath}"].import`, target.import.default));
  }
  if (entries.length === 0) throw new Error(`${manifest.name}: package.json has no exports to build`);
  for (const [specifier, targets] of Object.entries(manifest.imports ?? {})) {
    for (const [condition, output] of Object.entries(targets)) {
      if (condition !== 'types' && !condition.endsWith('-source'))
        entries.push(sourceOf(`imports["${specifier}"].${condition}.import`, output.import));
    }
  }
  return entries;
}

const entries = entryPoints();
// A clean dist: files of an earlier build (or of a module since removed) must not ship.
rmSync(join(packageDir, 'dist'), { recursive: true, force: true });

const tsc = createRequire(join(packageDir, 'package.json')).resolve('typescript/bin/tsc');
execFileSync(
  process.execPath,
  [tsc, '-p', 'tsconfig.build.json', ...(unbundled ? [] : ['--emitDeclarationOnly'])],
  { cwd: packageDir, stdio: 'inherit' },
);
if (!unbundled) await bundleEsm();
if (foldedEntry !== undefined) await foldEntry(packageDir, manifest, foldedEntry);
await buildCommonJs(packageDir, manifest);

async function bundleEsm() {
  const result = await build({
    absWorkingDir: packageDir,
    entryPoints: entries,
    outdir: 'dist',
    outbase: 'src',
    bundle: true,
    splitting: true,
    chunkNames: '_chunks/[name]-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'es2022',
    packages: 'external',
    external: Object.keys(manifest.imports ?? {}),
    sourcemap: true,
    logLevel: 'warning',
    metafile: true,
  });

  // esbuild emits a class whose body names itself as `var X = class _X`, and `_X` is the name that
  // console.log and util.inspect print (issue 15: `_JsonRpcError`). `keepNames` would fix it at a cost
  // of ~6 KiB gzipped in the budgeted bundles, so the sources avoid the pattern and this check keeps it so.
  for (const output of Object.keys(result.metafile.outputs)) {
    if (!output.endsWith('.js')) continue;
    const code = readFileSync(join(packageDir, output), 'utf8');
    for (const [, outer, inner] of code.matchAll(/\bvar (\w+) = class (?!extends\b)(\w+)/g)) {
      if (inner === outer) continue;
      throw new Error(
        `${manifest.name}: ${output} emits class ${outer} as "${inner}" because its body refers to the class by name; ` +
          `console.log would print "${inner}". Build instances outside the class body (see wireError in packages/jsonrpc/src/errors.ts) or use \`new this(...)\` in a static method.`,
      );
    }
  }
}

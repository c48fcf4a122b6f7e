// Folds the module graph of one entry of an unbundled (tsc one-file-per-module) package into a single
// file, for build-package.mjs's `--fold-entry ./subpath`.
//
// Why: Node resolves, reads and compiles every ESM file separately. @mcpkit/protocol stays unbundled
// (see build-package.mjs), so a server importing `@mcpkit/protocol/essentials` loaded its ~30 small
// modules one by one, about 40 ms of a ~450 ms stdio startup. After folding, the entry loads two files.
//
// How, keeping every module a single instance (schema objects, the installed JSON Schema validator):
// the entry's graph is bundled into `dist/_chunks/<name>.js`; every module of that graph becomes a
// one-line re-export of its names from that file, so the package's other (unbundled) modules that
// import it directly share the same instances; the entry re-exports straight from the folded file.
// Tree-shaking in users' bundles still works statement by statement (the schemas are /* @__PURE__ */).
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { build } from 'esbuild';

/** `./dist/essentials/index.js` of the `./essentials` export → `dist/essentials/index.js`. */
function entryFile(manifest, subpath) {
  const target = manifest.exports?.[subpath]?.import?.default;
  if (typeof target !== 'string' || !target.startsWith('./dist/')) {
    throw new Error(`${manifest.name}: --fold-entry ${subpath} names no ./dist ESM export`);
  }
  return target.slice(2);
}

/** A relative import specifier from `fromFile` to `toFile` (both package-relative). */
function specifier(fromFile, toFile) {
  const path = relative(dirname(fromFile), toFile);
  return path.startsWith('.') ? path : `./${path}`;
}

export async function foldEntry(packageDir, manifest, subpath) {
  const entry = entryFile(manifest, subpath);
  const folded = join('dist', '_chunks', `${subpath.replace(/^\.\//, '').replaceAll('/', '-')}.js`);

  // The entry's graph within the package (dependencies stay external).
  const graph = await build({
    absWorkingDir: packageDir,
    entryPoints: [entry],
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const modules = Object.keys(graph.metafile.inputs).filter((file) => file !== entry);

  // Each module's runtime export names (types are gone from the JavaScript already), the entry's too.
  const single = await build({
    absWorkingDir: packageDir,
    entryPoints: [entry, ...modules],
    outdir: 'fold-probe',
    outbase: 'dist',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const exportsOf = new Map();
  for (const output of Object.values(single.metafile.outputs)) {
    if (output.entryPoint !== undefined) exportsOf.set(output.entryPoint, output.exports);
  }
  // The folded file exports every module's names side by side, so they must not collide, and the
  // entry may only re-export names under their own (`export { A as B }` would not be found there).
  const owner = new Map();
  for (const file of modules) {
    for (const name of exportsOf.get(file)) {
      if (owner.has(name)) {
        throw new Error(`${manifest.name}: ${name} is exported by both ${owner.get(name)} and ${file}`);
      }
      owner.set(name, file);
    }
  }
  const entryNames = exportsOf.get(entry);
  for (const name of entryNames) {
    if (!owner.has(name))
      throw new Error(`${manifest.name}: ${entry} exports ${name}, which no module of its graph does`);
  }

  await build({
    absWorkingDir: packageDir,
    stdin: {
      contents: modules.map((file) => `export * from ${JSON.stringify(specifier(entry, file))};`).join('\n'),
      resolveDir: join(packageDir, dirname(entry)),
      sourcefile: `${entry} (folded)`,
      loader: 'js',
    },
    outfile: folded,
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'es2022',
    sourcemap: true,
    logLevel: 'warning',
  });

  const reexport = (file, names) =>
    `export { ${names.join(', ')} } from ${JSON.stringify(specifier(file, folded))};\n`;
  for (const file of modules) {
    writeFileSync(join(packageDir, file), reexport(file, exportsOf.get(file)));
    rmSync(join(packageDir, `${file}.map`), { force: true });
  }
  writeFileSync(join(packageDir, entry), reexport(entry, entryNames));
  rmSync(join(packageDir, `${entry}.map`), { force: true });
  return { folded, modules: modules.length };
}

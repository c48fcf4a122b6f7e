// The package.json fields that say which file each module format and each resolver gets, in one
// shape for every published package: build-package.mjs refuses to build a package whose fields
// differ from it, and new-package.mjs writes it.
//
//   exports[subpath]  { import: { types: X.d.ts, default: X.js }, require: { types: X.d.cts, default: X.cjs } }
//                     each format with its own types: a `.d.ts` beside a `.cjs` would tell TypeScript
//                     the CommonJS file is ESM (arethetypeswrong's "masquerading as ESM").
//   main, types       the `.` entry's CommonJS files, for resolvers that predate `exports` (node10).
//   typesVersions     every other subpath's `.d.cts`, for TypeScript's node10 resolution, which
//                     reads neither `exports` nor subpath folders.
//   imports[#name]    each runtime condition ("node", "default") split again by import/require.

/** `./dist/tasks/index.js` → the four files of that entry. */
export function entryFiles(esmFile) {
  const base = esmFile.replace(/\.js$/, '');
  return {
    import: { types: `${base}.d.ts`, default: `${base}.js` },
    require: { types: `${base}.d.cts`, default: `${base}.cjs` },
  };
}

/** The fields for a package whose `exports` map each subpath to its ESM file `./dist/<path>.js`. */
export function moduleFormatFields(esmFileBySubpath) {
  const exports = {};
  const typesVersions = {};
  for (const [subpath, esmFile] of Object.entries(esmFileBySubpath)) {
    exports[subpath] = entryFiles(esmFile);
    if (subpath !== '.') typesVersions[subpath.slice(2)] = [exports[subpath].require.types];
  }
  const root = exports['.'];
  if (root === undefined) throw new Error('a package needs a "." export');
  return {
    main: root.require.default,
    types: root.require.types,
    ...(Object.keys(typesVersions).length > 0 ? { typesVersions: { '*': typesVersions } } : {}),
    exports,
  };
}

/** Throws, naming the field and what it should say, when `manifest` is not in the shape above. */
export function checkModuleFormatFields(manifest) {
  const esmFiles = {};
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    const esmFile = target?.import?.default;
    if (typeof esmFile !== 'string' || !/^\.\/dist\/.+\.js$/.test(esmFile)) {
      throw new Error(
        `${manifest.name}: exports["${subpath}"].import.default must be "./dist/<path>.js", got ${JSON.stringify(target)}`,
      );
    }
    esmFiles[subpath] = esmFile;
  }
  const expected = moduleFormatFields(esmFiles);
  for (const [field, value] of Object.entries(expected)) {
    if (JSON.stringify(manifest[field]) !== JSON.stringify(value)) {
      throw new Error(
        `${manifest.name}: package.json "${field}" must be ${JSON.stringify(value)} (one shape for ESM, CommonJS and node10 resolvers; see scripts/module-format-fields.mjs), got ${JSON.stringify(manifest[field])}`,
      );
    }
  }
  if (manifest.typesVersions !== undefined && expected.typesVersions === undefined) {
    throw new Error(`${manifest.name}: package.json "typesVersions" is only for subpath exports; remove it`);
  }
  for (const [specifier, targets] of Object.entries(manifest.imports ?? {})) {
    for (const [condition, target] of Object.entries(targets)) {
      if (condition === 'types' || condition.endsWith('-source')) continue;
      const expectedTarget = { import: target?.import, require: target?.import?.replace(/\.js$/, '.cjs') };
      if (JSON.stringify(target) !== JSON.stringify(expectedTarget)) {
        throw new Error(
          `${manifest.name}: imports["${specifier}"].${condition} must be { "import": "./dist/<path>.js", "require": "./dist/<path>.cjs" }, got ${JSON.stringify(target)}`,
        );
      }
    }
  }
}

// The CommonJS half of a package's build (used by build-package.mjs): every ESM file in dist/ gets a
// `.cjs` twin and every `.d.ts` a `.d.cts` twin, beside it, for `require` consumers.
//
// Why from the ESM output rather than from the sources: esbuild cannot split code into shared
// chunks for CommonJS, so bundling each entry to CJS on its own would give every entry its own copy
// of the shared code, and with it two copies of module state (an installed validator, a class that
// `instanceof` tests). Converting file by file keeps the ESM build's graph exactly: the same
// entries, the same `_chunks`, each relative import pointing at the `.cjs` twin. Dependencies and
// `#name` subpath imports stay `require()` calls for Node (or the user's bundler) to resolve with
// the `require` condition.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { build } from 'esbuild';

/** Every file under `dir` whose name ends with `suffix`. */
function filesEndingWith(dir, suffix) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith(suffix)) found.push(join(entry.parentPath, entry.name));
  }
  return found;
}

/** `./x.js` → `./x.cjs` for relative specifiers; package names and `#imports` are left alone. */
const toCjsSpecifier = (specifier) =>
  specifier.startsWith('.') ? specifier.replace(/\.js$/, '.cjs') : specifier;

const relativeImportsToCjs = {
  name: 'relative-imports-to-cjs',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'entry-point' ? undefined : { path: toCjsSpecifier(args.path), external: true },
    );
  },
};

/**
 * A top-level `x = await import("pkg")` (how jsonrpc/testing loads its optional vitest peer) has no
 * CommonJS form but one: `x = require("pkg")`, synchronous, its failure caught by the same `try`.
 * esbuild prints top-level statements of a bundle at indentation 0 (2 inside a block), so this
 * matches only those; any other top-level await is left for esbuild to refuse.
 */
const topLevelDynamicImportToRequire = {
  name: 'top-level-dynamic-import-to-require',
  setup(build) {
    build.onLoad({ filter: /\.js$/ }, (args) => {
      const code = readFileSync(args.path, 'utf8');
      const pattern = /^( {0,2}\w+ = )await import\(("[^"]+")\);$/gm;
      if (!pattern.test(code)) return undefined;
      return {
        contents: code.replace(pattern, '$1require($2);'),
        loader: 'js',
        resolveDir: dirname(args.path),
      };
    });
  },
};

/** Writes `dist/**\/*.cjs` from `dist/**\/*.js`, failing on anything CommonJS cannot express. */
export async function buildCommonJs(packageDir, manifest) {
  const distDir = join(packageDir, 'dist');
  const sources = filesEndingWith(distDir, '.js').map((file) => relative(packageDir, file));
  const result = await build({
    absWorkingDir: packageDir,
    entryPoints: sources,
    outdir: 'dist',
    outbase: 'dist',
    outExtension: { '.js': '.cjs' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'es2022',
    plugins: [relativeImportsToCjs, topLevelDynamicImportToRequire],
    sourcemap: true,
    logLevel: 'silent',
  });
  // `import.meta` becomes an empty object in CommonJS (esbuild only warns), and a top-level await
  // cannot be expressed at all: either would be a CJS build that loads but misbehaves or a silent
  // difference between the two builds, so any warning fails the build.
  if (result.warnings.length > 0) {
    const text = result.warnings.map((w) => `${w.location?.file ?? '?'}: ${w.text}`).join('\n');
    throw new Error(`${manifest.name}: the CommonJS build has warnings (fix the source):\n${text}`);
  }
  writeCjsDeclarations(distDir, esmOnlyDependencies(packageDir, manifest));
}

/** The package's dependencies that ship ESM only (jose), read from their installed package.json. */
function esmOnlyDependencies(packageDir, manifest) {
  const names = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });
  return new Set(
    names.filter((name) => {
      let dir = packageDir;
      while (!existsSync(join(dir, 'node_modules', name, 'package.json'))) {
        if (dirname(dir) === dir) return false; // an optional peer not installed here: no types to name
        dir = dirname(dir);
      }
      const dependency = JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8'));
      if (dependency.type !== 'module') return false; // its .js files are CommonJS
      if (JSON.stringify(dependency.exports ?? {}).includes('"require"')) return false;
      return !String(dependency.main ?? '').endsWith('.cjs');
    }),
  );
}

/**
 * `x.d.ts` → `x.d.cts` with relative `.js` specifiers turned to `.cjs`: TypeScript reads a `.d.cts`
 * as the types of a CommonJS file, and a `.d.cts` that imported `./y.js` would reach the ESM
 * `y.d.ts` (a CommonJS file cannot `require` it under node16 resolution). Imports of an ESM-only
 * dependency become `import type … with { 'resolution-mode': 'import' }` (TypeScript >= 5.3), the
 * one way a CommonJS declaration file may name its types (else TS1479 without skipLibCheck).
 */
function writeCjsDeclarations(distDir, esmOnly) {
  const specifier = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*?)\.js\2/g;
  const esmOnlyImport = /^import (type )?\{([^}]*)\} from (['"])([^'"]+)\3;$/gm;
  const esmOnlyTypeQuery = /\bimport\((['"])([^'"]+)\1\)/g;
  for (const file of filesEndingWith(distDir, '.d.ts')) {
    const base = file.slice(0, -'.d.ts'.length);
    const text = readFileSync(file, 'utf8')
      .replace(specifier, (_, head, quote, path) => `${head}${quote}${path}.cjs${quote}`)
      .replace(esmOnlyImport, (line, _type, names, quote, from) =>
        esmOnly.has(from)
          ? `import type {${names.replace(/\btype\s+/g, '')}} from ${quote}${from}${quote} with { 'resolution-mode': 'import' };`
          : line,
      )
      .replace(esmOnlyTypeQuery, (query, quote, from) =>
        esmOnly.has(from)
          ? `import(${quote}${from}${quote}, { with: { 'resolution-mode': 'import' } })`
          : query,
      )
      .replace(/\/\/# sourceMappingURL=(\S+)\.d\.ts\.map\s*$/, '//# sourceMappingURL=$1.d.cts.map\n');
    writeFileSync(`${base}.d.cts`, text);
    let map;
    try {
      map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
    } catch (error) {
      if (error.code === 'ENOENT') continue; // declarationMap off for this file
      throw error;
    }
    map.file = map.file.replace(/\.d\.ts$/, '.d.cts');
    writeFileSync(`${base}.d.cts.map`, JSON.stringify(map));
  }
}

#!/usr/bin/env node
// Builds the API reference, an HTML site in build/api/ (not committed), with typedoc from the public
// entry points of every package: each `exports` subpath of packages/*/package.json, read from the
// built type declarations (so run the build first; `pnpm docs:api` does). Any typedoc warning fails
// the build with exit code 1: an export without a doc comment, a type that is used but not exported,
// a broken {@link}. apps/integration-tests/src/workspace/typedoc.test.ts runs it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Application, Converter, ReflectionKind } from 'typedoc';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
/** Where the site goes: build/api/, or the folder after `--out` (the test builds into a temporary one). */
const outIndex = process.argv.indexOf('--out');
const out = outIndex === -1 ? join(root, 'build', 'api') : resolve(process.argv[outIndex + 1] ?? '');

/** The `.d.ts` file an `exports` target names, whatever its nesting of conditions. */
function declarationFile(target) {
  if (typeof target === 'string') return target.endsWith('.d.ts') ? target : undefined;
  for (const key of ['types', 'import', 'default']) {
    const found = target?.[key] === undefined ? undefined : declarationFile(target[key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** `{ file, name, packageName }` for every exported subpath of every published package, e.g. `@mcpkit/server/tasks`. */
function apiEntryPoints() {
  const entries = [];
  for (const folder of readdirSync(join(root, 'packages')).sort()) {
    const dir = join(root, 'packages', folder);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    // Private packages (test-support) are never published: they have no public API to document.
    if (manifest.private) continue;
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      const file = declarationFile(target);
      if (file === undefined) throw new Error(`${manifest.name}: exports["${subpath}"] names no .d.ts file`);
      entries.push({
        file: join(dir, file),
        name: `${manifest.name}${subpath.slice(1)}`,
        packageName: manifest.name,
      });
    }
  }
  return entries;
}

const entries = apiEntryPoints();
// typedoc names a module after its path (`server/dist/tasks`); readers know it as `@mcpkit/server/tasks`.
const moduleNames = new Map(
  entries.map((entry) => [
    relative(join(root, 'packages'), entry.file).replace(/(\/index)?\.d\.ts$/, ''),
    entry.name,
  ]),
);
const app = await Application.bootstrapWithPlugins({
  name: 'mcpkit',
  entryPoints: entries.map((entry) => entry.file),
  entryPointStrategy: 'resolve',
  tsconfig: join(root, 'typedoc.tsconfig.json'),
  out,
  readme: 'none',
  excludePrivate: true,
  // Protected members serve the packages' own subclasses (McpClient extends ClientCore).
  excludeProtected: true,
  excludeInternal: true,
  excludeExternals: true,
  externalPattern: ['**/node_modules/**'],
  disableSources: true,
  disableGit: true,
  // typedoc checks documentation only in the packages named here (by default: the private root one).
  packagesRequiringDocumentation: [...new Set(entries.map((entry) => entry.packageName))],
  // Every export and every method must say what it is for; the fields of types (thousands in the
  // protocol's zod-inferred types, which mirror the spec) are not held to it.
  requiredToBeDocumented: ['Enum', 'Variable', 'Function', 'Class', 'Interface', 'TypeAlias', 'Namespace'],
  validation: { notExported: true, invalidLink: true, notDocumented: true, rewrittenLink: true },
  logLevel: 'Warn',
});
app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
  for (const module of context.project.getReflectionsByKind(ReflectionKind.Module)) {
    module.name = moduleNames.get(module.name) ?? module.name;
  }
});
const project = await app.convert();
if (project !== undefined) {
  app.validate(project);
  await app.generateOutputs(project);
}
if (project === undefined || app.logger.hasErrors() || app.logger.hasWarnings()) {
  process.stderr.write('The API reference has warnings (above); fix them at their source.\n');
  process.exitCode = 1;
} else {
  process.stderr.write(`API reference: ${relative(process.cwd(), join(out, 'index.html'))}\n`);
}

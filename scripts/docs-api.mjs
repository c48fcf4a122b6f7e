#!/usr/bin/env node
// Builds the API reference (an HTML site in build/api/) with typedoc from the public entry points of
// every package: each `exports` subpath of packages/*/package.json, read from the built type
// declarations (run the build first). Any typedoc warning — an undocumented export, a type that is
// used but not exported, a broken {@link} — fails the build, so the reference stays complete.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Application, Converter, LogLevel, ReflectionKind } from 'typedoc';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** The `.d.ts` file an `exports` target names, whatever its condition nesting. */
function declarationFile(target) {
  if (typeof target === 'string') return target.endsWith('.d.ts') ? target : undefined;
  for (const key of ['types', 'import', 'default']) {
    const found = target?.[key] === undefined ? undefined : declarationFile(target[key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** `{ file, name }` for every exported subpath of every package, e.g. `@mcpkit/server/tasks`. */
export function apiEntryPoints() {
  const entries = [];
  for (const folder of readdirSync(join(root, 'packages')).sort()) {
    const dir = join(root, 'packages', folder);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
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

export async function buildApiDocs({
  out = join(root, 'build', 'api'),
  log = (line) => process.stderr.write(`${line}\n`),
} = {}) {
  const entries = apiEntryPoints();
  // typedoc names a module after its path (`server/dist/tasks`); readers know it as `@mcpkit/server/tasks`.
  const nameOf = new Map(
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
    excludeInternal: true,
    excludeExternals: true,
    externalPattern: ['**/node_modules/**'],
    // typedoc checks documentation only in the packages named here (by default: the root one, private).
    packagesRequiringDocumentation: [...new Set(entries.map((entry) => entry.packageName))],
    validation: { notExported: true, invalidLink: true, notDocumented: true, rewrittenLink: true },
    logLevel: 'Warn',
    githubPages: false,
    disableGit: true,
    sourceLinkTemplate: undefined,
    disableSources: true,
  });
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const module of context.project.getReflectionsByKind(ReflectionKind.Module)) {
      const name = nameOf.get(module.name);
      if (name !== undefined) module.name = name;
    }
  });
  const project = await app.convert();
  if (project === undefined) return { ok: false };
  app.validate(project);
  await app.generateOutputs(project);
  return { ok: app.logger.hasErrors() === false && app.logger.hasWarnings() === false };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { ok } = await buildApiDocs();
  if (!ok) process.exitCode = 1;
}

// A project outside the workspace that installs mcpkit from a registry as any user would: plain npm.
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReadmeProgram } from './readme-programs.js';
import { runOk } from './run.js';

/** What the README's Install section tells a user to install, plus the HTTP transports. */
export const INSTALLED = [
  '@mcpkit/server',
  '@mcpkit/transport-stdio',
  'zod',
  '@mcpkit/client',
  '@mcpkit/transport-http-server',
  '@mcpkit/transport-http-client',
] as const;

/** The HTTP server and client, run beside the README's stdio programs. */
export const HTTP_FIXTURES = ['http-server.mjs', 'http-client.mjs'] as const;

const fixturesDir = fileURLToPath(new URL('../fixtures/', import.meta.url));

export async function createScratchApp(
  dir: string,
  registry: string,
  env: NodeJS.ProcessEnv,
  programs: readonly ReadmeProgram[],
): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'mcpkit-release-check-app', version: '1.0.0', private: true }, null, 2)}\n`,
  );
  await runOk('npm', ['install', '--registry', registry, ...INSTALLED], {
    cwd: dir,
    env,
    timeoutMs: 180_000,
  });
  for (const program of programs) await writeFile(join(dir, program.file), program.code);
  for (const file of HTTP_FIXTURES) await copyFile(join(fixturesDir, file), join(dir, file));
}

export async function installedVersion(dir: string, name: string): Promise<string> {
  const manifest = JSON.parse(await readFile(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

/**
 * Type-checks the programs (strict, checkJs) against the types the installed tarballs carry, with the
 * workspace's TypeScript and @types/node, the way an editor would check a user's project.
 */
export async function typeCheck(dir: string, files: readonly string[]): Promise<void> {
  const require = createRequire(import.meta.url);
  const tsc = require.resolve('typescript/bin/tsc');
  const typeRoots = join(require.resolve('@types/node/package.json'), '..', '..');
  await runOk(
    process.execPath,
    [
      tsc,
      '--noEmit',
      '--allowJs',
      '--checkJs',
      '--strict',
      '--skipLibCheck',
      '--target',
      'es2022',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--typeRoots',
      typeRoots,
      '--types',
      'node',
      ...files,
    ],
    { cwd: dir, timeoutMs: 120_000 },
  );
}

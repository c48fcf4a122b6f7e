// `pnpm pack:all` (scripts/pack-all.mjs), the way to install the packages before they are on a public
// registry: it packs every publishable package into one folder, and the root README's
// `npm install ./dist-tarballs/…` line, run as written in a new project outside the workspace,
// installs from those tarballs alone (only zod comes from the registry) and the packages import.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishablePackages, unversionedTarballName } from '../../../scripts/pack-all.mjs';
import { packedManifest } from './packing.js';
import { cleanNpmEnv, runOk } from './run.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The README's install line for the tarballs, split into npm's arguments. */
async function readmeTarballInstall(): Promise<string[]> {
  const readme = await readFile(join(root, 'README.md'), 'utf8');
  const line = readme.split('\n').find((text) => text.startsWith('npm install ./dist-tarballs/'));
  if (line === undefined)
    throw new Error('README.md has no line starting with `npm install ./dist-tarballs/`');
  return line.split('#')[0]!.trim().split(/\s+/).slice(1);
}

describe('pnpm pack:all', () => {
  let work: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'mcpkit-pack-all-'));
    // As `pnpm pack:all` runs it after the build, into the project that will install the tarballs.
    await runOk(
      process.execPath,
      [join(root, 'scripts/pack-all.mjs'), '--out', join(work, 'dist-tarballs')],
      {
        cwd: root,
        timeoutMs: 180_000,
      },
    );
  });

  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('packs every publishable package, named without its version', async () => {
    const expected = publishablePackages(root).map((pkg) => unversionedTarballName(pkg.name));
    expect(expected).toContain('mcpkit-server.tgz');
    expect((await readdir(join(work, 'dist-tarballs'))).sort()).toEqual(expected.sort());
    const manifest = await packedManifest(join(work, 'dist-tarballs', 'mcpkit-server.tgz'));
    expect(manifest.name).toBe('@mcpkit/server');
    expect(JSON.stringify(manifest.dependencies)).not.toMatch(/workspace:|catalog:/);
  });

  it("the README's npm install line installs them into a new project, and the packages import", async () => {
    const args = await readmeTarballInstall();
    expect(args).toContain('./dist-tarballs/mcpkit-server.tgz');
    await writeFile(
      join(work, 'package.json'),
      JSON.stringify({ name: 'app', private: true, type: 'module' }),
    );
    const env = cleanNpmEnv({});
    await runOk('npm', ['install', '--no-package-lock', ...args], { cwd: work, env, timeoutMs: 300_000 });
    const script = [
      "import { McpServer } from '@mcpkit/server';",
      "import { McpClient } from '@mcpkit/client';",
      "import { StdioServerTransport } from '@mcpkit/transport-stdio';",
      "import * as z from 'zod';",
      "const server = new McpServer({ name: 'app', version: '1.0.0' });",
      "server.tool('add', { inputSchema: { a: z.number() } }, ({ a }) => String(a));",
      'console.log(typeof McpClient, typeof StdioServerTransport, server.capabilities().tools !== undefined);',
    ].join('\n');
    await writeFile(join(work, 'check.mjs'), script);
    const { stdout } = await runOk(process.execPath, ['check.mjs'], { cwd: work, env, timeoutMs: 60_000 });
    expect(stdout.trim()).toBe('function function true');
    const installed = JSON.parse(
      await readFile(join(work, 'node_modules', '@mcpkit', 'server', 'package.json'), 'utf8'),
    ) as { version: string };
    expect(installed.version).toBe(
      publishablePackages(root).find((pkg) => pkg.name === '@mcpkit/server')?.version,
    );
  });
});

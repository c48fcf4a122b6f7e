// The release check: every package packed as it would be published, published to a real registry on
// 127.0.0.1, installed with plain npm in a project outside the workspace, and run over stdio and HTTP.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PackedPackage,
  packAll,
  packedManifest,
  publishablePackages,
  unresolvableRanges,
  type WorkspacePackage,
} from './packing.js';
import { type ReadmeProgram, readmePrograms } from './readme-programs.js';
import { type LocalRegistry, startRegistry } from './registry.js';
import { cleanNpmEnv, progress, runOk, startProcess } from './run.js';
import { createScratchApp, HTTP_FIXTURES, INSTALLED, installedVersion, typeCheck } from './scratch-app.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The bin of a package `npx` installed into its cache (the `npm_config_cache` of `env`), as a file. */
function npxInstalledBin(env: NodeJS.ProcessEnv, name: string): string {
  const npxDir = join(env.npm_config_cache!, '_npx');
  for (const entry of readdirSync(npxDir)) {
    const dir = join(npxDir, entry, 'node_modules', name);
    if (!existsSync(join(dir, 'package.json'))) continue;
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      bin: string | Record<string, string>;
    };
    const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin)[0]!;
    return join(dir, bin);
  }
  throw new Error(`npx installed no ${name} under ${npxDir}`);
}

describe('release check', () => {
  let work: string;
  let publishable: WorkspacePackage[];
  let packed: PackedPackage[];
  let programs: ReadmeProgram[];
  let registry: LocalRegistry | undefined;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'mcpkit-release-check-'));
    publishable = await publishablePackages(root);
    const unbuilt = publishable.filter((pkg) => !existsSync(join(pkg.dir, 'dist')));
    if (unbuilt.length > 0) {
      throw new Error(`not built: ${unbuilt.map((pkg) => pkg.name).join(', ')}; run \`pnpm build\` first`);
    }
    progress(`packing ${publishable.length} packages with pnpm into ${work}`);
    packed = await packAll(root, join(work, 'tarballs'), publishable);
    programs = await readmePrograms(root);
  });

  afterAll(async () => {
    if (registry) {
      await registry.stop();
      progress('local registry stopped');
    }
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('packs every publishable package at a released version, with no workspace: or catalog: range', async () => {
    expect(packed.map((pkg) => pkg.name).sort()).toEqual(publishable.map((pkg) => pkg.name).sort());
    for (const pkg of packed) {
      const manifest = await packedManifest(pkg.tarball);
      expect(manifest.version, `${pkg.name} version`).not.toBe('0.0.0');
      expect(manifest.version, `${pkg.name} version`).toMatch(/^\d+\.\d+\.\d+$/);
      expect(unresolvableRanges(manifest)).toEqual([]);
      for (const [dependency, range] of Object.entries(manifest.dependencies ?? {})) {
        const sibling = packed.find((other) => other.name === dependency);
        if (sibling) expect(range, `${pkg.name} -> ${dependency}`).toBe(`^${sibling.version}`);
      }
    }
  });

  it("finds the Install section's server.mjs and client.mjs in README.md", () => {
    expect(programs.map((program) => program.file)).toEqual(['server.mjs', 'client.mjs']);
  });

  it('installs from a local registry with plain npm; the README programs talk over stdio, the HTTP pair over HTTP', async () => {
    const upstream = (
      await runOk('npm', ['config', 'get', 'registry'], { cwd: tmpdir(), timeoutMs: 60_000 })
    ).stdout.trim();
    registry = await startRegistry(join(work, 'registry'), upstream);
    progress(`local registry at ${registry.url} (upstream ${upstream})`);

    const npmrc = join(work, 'npmrc');
    await writeFile(
      npmrc,
      `registry=${registry.url}\n${registry.url.replace(/^http:/, '')}:_authToken=${registry.token}\n`,
    );
    const env = cleanNpmEnv({ npm_config_userconfig: npmrc, npm_config_cache: join(work, 'npm-cache') });
    await Promise.all(
      packed.map((pkg) =>
        runOk('npm', ['publish', pkg.tarball, '--registry', registry!.url, '--access', 'public'], {
          cwd: work,
          env,
          timeoutMs: 120_000,
        }),
      ),
    );
    progress(`published ${packed.map((pkg) => `${pkg.name}@${pkg.version}`).join(', ')}`);

    const app = join(work, 'app');
    const started = Date.now();
    await createScratchApp(app, registry.url, env, programs);
    progress(`npm install ${INSTALLED.join(' ')}: ${Math.round((Date.now() - started) / 1000)} s`);
    for (const pkg of packed.filter((pkg) => (INSTALLED as readonly string[]).includes(pkg.name))) {
      expect(await installedVersion(app, pkg.name), pkg.name).toBe(pkg.version);
    }

    await typeCheck(app, [...programs.map((program) => program.file), ...HTTP_FIXTURES]);
    progress('README programs and HTTP pair type-check against the installed packages');

    const stdio = await runOk(process.execPath, ['client.mjs'], { cwd: app, timeoutMs: 60_000 });
    expect(stdio.stdout).toBe('tools: add\nadd: [{"type":"text","text":"5"}]\n');
    progress('README client.mjs <-> server.mjs over stdio: ok');

    // The CLI as users meet it: npx fetches @mcpkit/cli from the registry and runs its `mcpkit` bin.
    const cli = packed.find((pkg) => pkg.name === '@mcpkit/cli');
    expect(cli, '@mcpkit/cli is packed').toBeDefined();
    const inspect = await runOk(
      'npx',
      ['-y', `@mcpkit/cli@${cli!.version}`, 'inspect', '--json', '--', process.execPath, 'server.mjs'],
      { cwd: app, env, timeoutMs: 180_000 },
    );
    expect(JSON.parse(inspect.stdout).tools.map((tool: { name: string }) => tool.name)).toEqual(['add']);
    progress('npx @mcpkit/cli inspect -- node server.mjs: ok');

    // The gateway's CLI the same way: its help, then the README's stdio server published over HTTP
    // by the installed gateway (on 127.0.0.1, a free port) and called through it by the HTTP client.
    const gateway = packed.find((pkg) => pkg.name === '@mcpkit/gateway');
    expect(gateway, '@mcpkit/gateway is packed').toBeDefined();
    const npxGateway = ['-y', `@mcpkit/gateway@${gateway!.version}`];
    const help = await runOk('npx', [...npxGateway, '--help'], { cwd: app, env, timeoutMs: 180_000 });
    expect(help.stdout).toContain('Usage: mcpkit-gateway');
    await writeFile(
      join(app, 'gateway.json'),
      JSON.stringify({
        serve: { host: '127.0.0.1', port: 0 },
        upstream: { command: process.execPath, args: [join(app, 'server.mjs')] },
      }),
    );
    // The long-running gateway is started from the copy npx just installed, by its bin file: npx
    // does not pass SIGTERM on, so through npx the gateway would outlive its stop.
    const bridge = startProcess(process.execPath, [npxInstalledBin(env, '@mcpkit/gateway'), 'gateway.json'], {
      cwd: app,
      env,
    });
    let bridgeExit: number | null;
    try {
      const [, url] = await bridge.waitForOutput(/MCP endpoint: (\S+)\n/, 180_000, 'stderr');
      const viaGateway = await runOk(process.execPath, ['http-client.mjs', url!], {
        cwd: app,
        timeoutMs: 60_000,
      });
      expect(viaGateway.stdout).toMatch(/^tools: add\nadd: \[\{"type":"text","text":"42"\}\]\n/);
      progress(
        `npx @mcpkit/gateway --help, then its mcpkit-gateway gateway.json: server.mjs published at ${url}: ok`,
      );
    } finally {
      bridgeExit = await bridge.stop(10_000);
    }
    expect(bridgeExit, `mcpkit-gateway exit code after SIGTERM:\n${bridge.output()}`).toBe(0);

    const server = startProcess(process.execPath, ['http-server.mjs'], { cwd: app });
    let serverExit: number | null;
    try {
      const [, url] = await server.waitForOutput(/listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)\n/, 60_000);
      const http = await runOk(process.execPath, ['http-client.mjs', url!], { cwd: app, timeoutMs: 60_000 });
      expect(http.stdout).toMatch(
        /^tools: add\nadd: \[\{"type":"text","text":"42"\}\]\nprotocol: \d{4}-\d\d-\d\d\n$/,
      );
      progress(`http-client.mjs <-> http-server.mjs over ${url}: ok`);
    } finally {
      serverExit = await server.stop(10_000);
    }
    expect(serverExit, `http-server.mjs exit code after SIGTERM:\n${server.output()}`).toBe(0);
  });
});

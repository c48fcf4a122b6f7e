// CommonJS consumers: every published entry is `require()`d from a CommonJS project that installed
// the packed tarballs, and a server and a client written with `require` talk over stdio and over
// HTTP. Node runs with require(esm) turned off where it can be, so an entry that resolved to an
// ESM file would throw ERR_REQUIRE_ESM instead of quietly loading the ESM build. TypeScript checks
// a CommonJS consumer against the `.d.cts` files, jose's ESM-only types included.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { installIntoEmptyProject, packPackage, runScript } from './pack-install.js';
import { repoRoot, workspaceManifests } from './repo.js';

const published = workspaceManifests().filter((m) => m.dir.includes('/packages/') && !m.private);
// auth-client and auth-server depend on jose, which ships ESM only: their CommonJS builds load it
// with Node's require(esm) (Node >= 20.19, the workspace's minimum), so they run without the flag;
// so do the gateway and the CLI, which import auth-client (and the gateway auth-server).
const needsRequireEsm = new Set([
  '@mcpkit/auth-client',
  '@mcpkit/auth-server',
  '@mcpkit/cli',
  '@mcpkit/gateway',
]);
const noRequireEsm = process.allowedNodeEnvironmentFlags.has('--no-experimental-require-module')
  ? ['--no-experimental-require-module']
  : [];
const installTimeout = 240_000;

describe('CommonJS consumers', () => {
  let dir: string;
  beforeAll(() => {
    const tarballs = published.map((m) => packPackage(m.dir.split('/').pop()!));
    dir = installIntoEmptyProject(tarballs, ['zod@^4'], 'commonjs');
  }, installTimeout);

  it.each([
    ['without require(esm)', published.filter((m) => !needsRequireEsm.has(m.name)), noRequireEsm],
    ['with require(esm) for jose', published.filter((m) => needsRequireEsm.has(m.name)), []],
  ])('require() loads the CommonJS file of every entry (%s)', (_, manifests, flags) => {
    const specifiers = manifests.flatMap((m) =>
      Object.keys(m.exports ?? {}).map((subpath) => `${m.name}${subpath.slice(1)}`),
    );
    const output = runScript(
      dir,
      'entries.cjs',
      `const loaded = {};
       for (const specifier of ${JSON.stringify(specifiers)}) {
         const module = require(specifier);
         loaded[specifier] = { file: require.resolve(specifier), exports: Object.keys(module).length };
       }
       process.stdout.write(JSON.stringify(loaded));`,
      flags,
    );
    const loaded = JSON.parse(output) as Record<string, { file: string; exports: number }>;
    expect(Object.keys(loaded).sort()).toEqual([...specifiers].sort());
    for (const [specifier, { file, exports }] of Object.entries(loaded)) {
      expect(file, specifier).toMatch(/\/node_modules\/@mcpkit\/[^/]+\/dist\/.+\.cjs$/);
      expect(exports, `${specifier} exports nothing`).toBeGreaterThan(0);
    }
  });

  it(
    'a server and a client written with require() talk over stdio',
    () => {
      // runScript also runs the server once, stdin closed: it loads, meets no client and ends.
      runScript(
        dir,
        'server.cjs',
        `const { McpServer } = require('@mcpkit/server');
         const { StdioServerTransport } = require('@mcpkit/transport-stdio');
         const z = require('zod');
         const server = new McpServer({ name: 'cjs-server', version: '1.0.0' });
         server.tool('add', { description: 'Adds', inputSchema: { a: z.number(), b: z.number() } }, ({ a, b }) => String(a + b));
         server.connect(new StdioServerTransport()).catch((error) => { process.stderr.write(String(error)); process.exitCode = 1; });`,
        noRequireEsm,
      );
      const output = runScript(
        dir,
        'client.cjs',
        `const { McpClient } = require('@mcpkit/client');
         const { StdioClientTransport } = require('@mcpkit/transport-stdio');
         async function main() {
           const client = new McpClient({ name: 'cjs-client', version: '1.0.0' });
           await client.connect(new StdioClientTransport({ command: process.execPath, args: ${JSON.stringify([...noRequireEsm, 'server.cjs'])} }));
           const result = await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } });
           process.stdout.write(JSON.stringify({ server: client.serverInfo.name, content: result.content }));
           await client.close();
         }
         main().catch((error) => { process.stderr.write(String(error && error.stack)); process.exitCode = 1; });`,
        noRequireEsm,
      );
      expect(JSON.parse(output)).toEqual({ server: 'cjs-server', content: [{ type: 'text', text: '5' }] });
    },
    installTimeout,
  );

  it(
    'a server and a client written with require() talk over HTTP on 127.0.0.1, the client on its Node path (the undici dispatcher, #node-request)',
    () => {
      const output = runScript(
        dir,
        'http.cjs',
        `const { McpServer } = require('@mcpkit/server');
         const { createStreamableHttpHandler } = require('@mcpkit/transport-http-server');
         const { serve } = require('@mcpkit/transport-http-server/node');
         const { McpClient } = require('@mcpkit/client');
         const { StreamableHttpClientTransport } = require('@mcpkit/transport-http-client');
         const z = require('zod');
         async function main() {
           const server = new McpServer({ name: 'cjs-http', version: '1.0.0' });
           server.tool('shout', { description: 'Upper-cases', inputSchema: { text: z.string() } }, ({ text }) => text.toUpperCase());
           const handler = createStreamableHttpHandler({ onSession: (transport) => server.connect(transport) });
           const { url, close } = await serve(handler, { port: 0, host: '127.0.0.1' });
           try {
             const client = new McpClient({ name: 'cjs-client', version: '1.0.0' });
             await client.connect(new StreamableHttpClientTransport(new URL('/mcp', url)));
             const result = await client.callTool({ name: 'shout', arguments: { text: 'over http' } });
             await client.close();
             const nodeRequest = Object.keys(require.cache).filter((file) => /transport-http-client\\/dist\\/node-request/.test(file));
             process.stdout.write(JSON.stringify({ content: result.content, nodeRequest }));
           } finally {
             await close();
           }
         }
         main().catch((error) => { process.stderr.write(String(error && error.stack)); process.exitCode = 1; });`,
        noRequireEsm,
      );
      const result = JSON.parse(output);
      expect(result.content).toEqual([{ type: 'text', text: 'OVER HTTP' }]);
      // The `require` condition of `#node-request` picked the CommonJS build of the Node path.
      expect(result.nodeRequest).toEqual([expect.stringMatching(/\/dist\/node-request\.cjs$/)]);
    },
    installTimeout,
  );

  it(
    'TypeScript type-checks a CommonJS consumer of every entry against the .d.cts files (node16, skipLibCheck off)',
    () => {
      const specifiers = published.flatMap((m) =>
        Object.keys(m.exports ?? {}).map((subpath) => `${m.name}${subpath.slice(1)}`),
      );
      const imports = specifiers.map((specifier, i) => `import * as entry${i} from '${specifier}';`);
      writeFileSync(
        join(dir, 'consumer.cts'),
        `${imports.join('\n')}
         import { McpServer } from '@mcpkit/server';
         import * as z from 'zod';
         const server = new McpServer({ name: 'typed', version: '1.0.0' });
         server.tool('add', { description: 'Adds', inputSchema: { a: z.number(), b: z.number() } }, ({ a, b }) => String(a + b));
         export const entries = [${specifiers.map((_, i) => `entry${i}`).join(', ')}];\n`,
      );
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            module: 'node16',
            moduleResolution: 'node16',
            target: 'es2022',
            lib: ['es2023', 'dom'],
            strict: true,
            noEmit: true,
            skipLibCheck: false,
            typeRoots: [join(repoRoot, 'node_modules/@types')],
            types: ['node'],
          },
          files: ['consumer.cts'],
        }),
      );
      const tsc = createRequire(join(repoRoot, 'package.json')).resolve('typescript/bin/tsc');
      const run = spawnSync(process.execPath, [tsc, '-p', '.', '--listFiles'], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(run.status, `tsc on a CommonJS consumer:\n${run.stdout}${run.stderr}`).toBe(0);
      const ours = run.stdout.split('\n').filter((file) => file.includes('/node_modules/@mcpkit/'));
      expect(ours.length).toBeGreaterThan(specifiers.length);
      expect(ours.filter((file) => !file.endsWith('.d.cts'))).toEqual([]);
    },
    installTimeout,
  );
});

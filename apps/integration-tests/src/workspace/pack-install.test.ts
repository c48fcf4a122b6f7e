// Install only what you need: each combination is packed, installed from tarballs into an empty
// npm project, imported, and exercised with a tiny round trip; nothing it does not need comes along.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { installedPackages, installIntoEmptyProject, packPackage, runScript } from './pack-install.js';
import { repoRoot } from './repo.js';

const httpLibraries = ['eventsource', 'eventsource-parser', 'node-fetch', 'undici', 'express', 'cross-spawn'];
const installTimeout = 180_000;

describe('installing packages one by one from tarballs', () => {
  it(
    'protocol + jsonrpc: a request/response round trip over the in-memory pair, without vitest installed',
    () => {
      const dir = installIntoEmptyProject([packPackage('protocol'), packPackage('jsonrpc')], ['zod@^4']);
      expect(installedPackages(dir)).toEqual(['@mcpkit/jsonrpc', '@mcpkit/protocol', 'zod']);
      const output = runScript(
        dir,
        'roundtrip.mjs',
        `import { JsonRpcPeer } from '@mcpkit/jsonrpc';
         import { createInMemoryTransportPair } from '@mcpkit/jsonrpc/testing';
         const [left, right] = createInMemoryTransportPair();
         const caller = new JsonRpcPeer();
         const answerer = new JsonRpcPeer();
         answerer.setRequestHandler('add', (params) => ({ sum: params.a + params.b }));
         await answerer.connect(right);
         await caller.connect(left);
         const result = await caller.request('add', { a: 2, b: 3 });
         process.stdout.write(JSON.stringify(result));
         await caller.close();`,
      );
      expect(JSON.parse(output)).toEqual({ sum: 5 });
    },
    installTimeout,
  );

  it(
    'server + transport-stdio: answers initialize and tools/call over real stdio, with no HTTP library installed',
    async () => {
      const names = ['protocol', 'jsonrpc', 'server', 'transport-stdio'];
      const dir = installIntoEmptyProject(names.map(packPackage), ['zod@^4']);
      const installed = installedPackages(dir);
      for (const library of httpLibraries) expect(installed).not.toContain(library);
      expect(installed).not.toContain('@mcpkit/client');
      expect(installed).not.toContain('@mcpkit/transport-http-server');
      runScript(
        dir,
        'server.mjs',
        `import { McpServer } from '@mcpkit/server';
         import { StdioServerTransport } from '@mcpkit/transport-stdio';
         import * as z from 'zod';
         if (process.argv[2] === 'serve') {
           const server = new McpServer({ name: 'tiny', version: '1.0.0' });
           server.tool('add', { description: 'Adds', inputSchema: { a: z.number(), b: z.number() } }, ({ a, b }) => String(a + b));
           await server.connect(new StdioServerTransport());
         }`,
      );
      const child = spawn(process.execPath, ['server.mjs', 'serve'], {
        cwd: dir,
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      try {
        const replies = collectLines(child);
        const send = (message: object) => child.stdin!.write(`${JSON.stringify(message)}\n`);
        send({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-11-25',
            capabilities: {},
            clientInfo: { name: 't', version: '1' },
          },
        });
        expect((await replies.next()).result.protocolVersion).toBe('2025-11-25');
        send({ jsonrpc: '2.0', method: 'notifications/initialized' });
        send({
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'add', arguments: { a: 2, b: 3 } },
        });
        expect((await replies.next()).result.content).toEqual([{ type: 'text', text: '5' }]);
      } finally {
        child.kill();
      }
    },
    installTimeout,
  );

  it(
    'auth-server: verifies a signed token and answers a challenge, with no HTTP server or MCP server installed',
    () => {
      const names = ['protocol', 'jsonrpc', 'auth-server'];
      const dir = installIntoEmptyProject(names.map(packPackage), ['zod@^4']);
      const installed = installedPackages(dir);
      expect(installed).toContain('jose');
      for (const unwanted of ['@mcpkit/server', '@mcpkit/transport-http-server', ...httpLibraries]) {
        expect(installed).not.toContain(unwanted);
      }
      const output = runScript(
        dir,
        'resource.mjs',
        `import { createResourceServer, jwtVerifier } from '@mcpkit/auth-server';
         import { exportJWK, generateKeyPair, SignJWT } from 'jose';
         const { privateKey, publicKey } = await generateKeyPair('ES256');
         const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' };
         const resource = 'https://mcp.example.com/mcp';
         const rs = createResourceServer({
           resource,
           authorizationServers: ['https://as.example.com'],
           verifier: jwtVerifier({ issuer: 'https://as.example.com', jwks: { keys: [jwk] } }),
         });
         const token = await new SignJWT({ sub: 'alice', client_id: 'c1', scope: 'mcp' })
           .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
           .setIssuer('https://as.example.com').setAudience(resource).setExpirationTime('5m').sign(privateKey);
         const head = (authorization) => ({ method: 'POST', url: resource, header: (n) => (n === 'authorization' ? authorization : undefined) });
         const info = await rs.authenticate(head('Bearer ' + token));
         const challenge = await rs.authenticate(head(undefined));
         process.stdout.write(JSON.stringify({ subject: info.subject, status: challenge.status }));`,
      );
      expect(JSON.parse(output)).toEqual({ subject: 'alice', status: 401 });
    },
    installTimeout,
  );

  it(
    'testing: a node --test file connects a server and a client in-process, without vitest installed',
    () => {
      const names = ['protocol', 'jsonrpc', 'server', 'client', 'testing'];
      const dir = installIntoEmptyProject(names.map(packPackage), ['zod@^4']);
      const installed = installedPackages(dir);
      expect(installed).toContain('@mcpkit/testing');
      expect(installed).not.toContain('vitest');
      const output = runScript(
        dir,
        'kit.test.mjs',
        `import assert from 'node:assert/strict';
         import { test } from 'node:test';
         import { McpServer } from '@mcpkit/server';
         import { callToolText, connectInProcess } from '@mcpkit/testing';
         test('add adds, as the caller the test says', async () => {
           const server = new McpServer({ name: 'tiny', version: '1.0.0' });
           server.tool('add', {}, (_args, ctx) => ctx.auth.clientId + ' ' + ctx._meta.tenant);
           const { client, close } = await connectInProcess(server, {
             authInfo: { token: 't', clientId: 'alice', scopes: [] },
             _meta: { tenant: 'acme' },
           });
           assert.equal(await callToolText(client, 'add'), 'alice acme');
           await close();
         });`,
        ['--test', '--test-reporter=tap'],
      );
      expect(output).toMatch(/^# pass 1$/m);
    },
    installTimeout,
  );

  describe('client + transport-http-client against the echo server over HTTP', () => {
    let echo: ChildProcess | undefined;
    afterAll(() => {
      echo?.kill();
    });

    it(
      'calls the echo tool, with neither stdio nor server packages installed',
      async () => {
        const names = ['protocol', 'jsonrpc', 'client', 'transport-http-client'];
        const dir = installIntoEmptyProject(names.map(packPackage), ['zod@^4']);
        const installed = installedPackages(dir);
        for (const unwanted of ['@mcpkit/server', '@mcpkit/transport-stdio', 'uri-template', 'node-fetch']) {
          expect(installed).not.toContain(unwanted);
        }
        echo = spawn(
          process.execPath,
          [join(repoRoot, 'apps/echo-server/dist/bin.js'), '--http', '--port', '0', '--host', '127.0.0.1'],
          { stdio: ['ignore', 'pipe', 'pipe'] },
        );
        const url = await listeningUrl(echo);
        const output = runScript(
          dir,
          'client.mjs',
          `import { McpClient } from '@mcpkit/client';
           import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
           const client = new McpClient({ name: 'tiny-client', version: '1.0.0' });
           await client.connect(new StreamableHttpClientTransport(new URL(${JSON.stringify(url)})));
           const result = await client.callTool({ name: 'echo', arguments: { message: 'over http' } });
           process.stdout.write(JSON.stringify(result.content));
           await client.close();`,
        );
        expect(JSON.parse(output)[0].text).toContain('over http');
      },
      installTimeout,
    );
  });

  it(
    'auth-client alone: both entries load with jose as the only dependency, and the loopback receiver listens',
    () => {
      const dir = installIntoEmptyProject([packPackage('auth-client')]);
      expect(installedPackages(dir)).toEqual(['@mcpkit/auth-client', 'jose']);
      const output = runScript(
        dir,
        'auth.mjs',
        `import { OAuthClientProvider, authFetchLayer } from '@mcpkit/auth-client';
         import { startLoopbackRedirect } from '@mcpkit/auth-client/node';
         const loopback = await startLoopbackRedirect({ open: () => {} });
         const provider = new OAuthClientProvider({ serverUrl: 'http://127.0.0.1:9/mcp', redirectUri: loopback.redirectUri, authorize: loopback.authorize });
         process.stdout.write(JSON.stringify({ layer: typeof authFetchLayer(provider), redirect: loopback.redirectUri }));
         await loopback.close();`,
      );
      const result = JSON.parse(output);
      expect(result.layer).toBe('function');
      expect(result.redirect).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    },
    installTimeout,
  );
});

/** Reads newline-delimited JSON replies from a child's stdout, one at a time. */
function collectLines(child: ChildProcess): { next(): Promise<any> } {
  const lines: string[] = [];
  const waiters: Array<(line: string) => void> = [];
  let buffered = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      const waiter = waiters.shift();
      if (waiter) waiter(line);
      else lines.push(line);
      newline = buffered.indexOf('\n');
    }
  });
  return {
    next: () =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no reply from the server within 10 s')), 10_000);
        const take = (line: string) => {
          clearTimeout(timer);
          resolve(JSON.parse(line));
        };
        const ready = lines.shift();
        if (ready !== undefined) take(ready);
        else waiters.push(take);
      }),
  };
}

/** Waits for the echo server to print the URL it listens on. */
function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error(`echo server printed no URL within 15 s: ${seen}`)),
      15_000,
    );
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /https?:\/\/127\.0\.0\.1:\d+\/mcp/.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(match[0]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`echo server exited with ${code}: ${seen}`)));
  });
}

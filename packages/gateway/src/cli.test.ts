// The built CLI (bin/mcpkit-gateway.mjs over dist/), spawned as a real process for each use.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEchoServer } from '@mcpkit/echo-server';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { StdioClientTransport } from '@mcpkit/transport-stdio';
import { afterEach, describe, expect, it } from 'vitest';
import {
  alive,
  Cleanup,
  connectClient,
  echoServer,
  fixture,
  httpClient,
  until,
} from './test-helpers/processes.js';

const BIN = fileURLToPath(new URL('../bin/mcpkit-gateway.mjs', import.meta.url));
const cleanup = new Cleanup();
afterEach(() => cleanup.run());

function configFile(config: object): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcpkit-gateway-'));
  const path = join(dir, 'gateway.json');
  writeFileSync(path, JSON.stringify(config));
  return path;
}

/** Runs the CLI to its end with a bound on how long that may take. */
function runToEnd(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mcpkit-gateway ${args.join(' ')} did not end within 15 s; stderr: ${stderr}`));
    }, 15_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Starts the CLI serving HTTP; resolves with its endpoint once it printed it. */
async function startHttpCli(
  config: object,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: URL; stderr: () => string }> {
  const child = spawn(process.execPath, [BIN, configFile(config)], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env },
  });
  cleanup.add(child, (c) => {
    if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  await until(
    'the CLI to print its endpoint',
    () => /MCP endpoint: (\S+)/.test(stderr) || child.exitCode !== null,
  );
  const match = /MCP endpoint: (\S+)/.exec(stderr);
  if (match === null) throw new Error(`the CLI exited: ${stderr}`);
  return { child, url: new URL(match[1]!), stderr: () => stderr };
}

describe('mcpkit-gateway', () => {
  it('prints the published schema, and refuses a bad configuration with exit code 2', async () => {
    const printed = await runToEnd(['--print-schema']);
    expect(printed.code).toBe(0);
    const published = readFileSync(new URL('../config.schema.json', import.meta.url), 'utf8');
    expect(JSON.parse(printed.stdout)).toEqual(JSON.parse(published));

    const bad = await runToEnd([configFile({ upstream: { command: 'x' }, serve: { port: -1 } })]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/gateway\.json is not valid:\n {2}serve\.port: /);
    expect(bad.stdout).toBe('');
  });

  it('publishes a stdio server over HTTP, and stops its children on SIGTERM', async () => {
    const { child, url, stderr } = await startHttpCli({
      serve: { port: 0, health: true },
      upstream: echoServer(),
    });
    const client = await httpClient(cleanup, url);
    const result = await client.callTool({ name: 'echo', arguments: { message: 'via the CLI' } });
    expect(result.content).toEqual([{ type: 'text', text: 'via the CLI' }]);
    expect((await fetch(new URL('/healthz', url))).status).toBe(200);
    const pid = Number(/started pid (\d+)/.exec(stderr())?.[1]);
    expect(alive(pid)).toBe(true);

    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await until('the child server to be gone', () => !alive(pid));
  });

  it('requires OAuth tokens when serve.auth says so, checking them by introspection', async () => {
    const introspection = cleanup.add(
      createServer(async (request, response) => {
        let body = '';
        for await (const chunk of request) body += String(chunk);
        const basic = Buffer.from('gateway:s3cret').toString('base64');
        const token = new URLSearchParams(body).get('token');
        const active = request.headers.authorization === `Basic ${basic}` && token === 'good';
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify(
            active ? { active, client_id: 'c', aud: 'https://gw.example.com/mcp', scope: 'mcp' } : { active },
          ),
        );
      }),
      (server) => new Promise((resolve) => server.close(resolve)),
    );
    await new Promise<void>((resolve) => introspection.listen(0, '127.0.0.1', () => resolve()));
    const endpoint = `http://127.0.0.1:${(introspection.address() as AddressInfo).port}/introspect`;
    const { url } = await startHttpCli(
      {
        serve: {
          port: 0,
          auth: {
            resource: 'https://gw.example.com/mcp',
            authorizationServers: ['https://as.example.com'],
            introspection: { endpoint, clientId: 'gateway', clientSecretEnv: 'GATEWAY_SECRET' },
            requiredScopes: ['mcp'],
          },
        },
        upstream: echoServer(),
      },
      { GATEWAY_SECRET: 's3cret' },
    );
    const anonymous = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
    const metadata = await fetch(new URL('/.well-known/oauth-protected-resource/mcp', url));
    expect(await metadata.json()).toMatchObject({
      resource: 'https://gw.example.com/mcp',
      authorization_servers: ['https://as.example.com'],
    });
    const client = await connectClient(
      cleanup,
      new StreamableHttpClientTransport(url, { headers: { authorization: 'Bearer good' } }),
    );
    const result = await client.callTool({ name: 'echo', arguments: { message: 'authorized' } });
    expect(result.content).toEqual([{ type: 'text', text: 'authorized' }]);
  });

  it('serves a remote HTTP server on stdio (--url), for hosts that only run commands', async () => {
    const handle = cleanup.add(
      await serve(createStreamableHttpHandler({ server: createEchoServer() })),
      (h) => h.close(),
    );
    const client = await connectClient(
      cleanup,
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, '--url', new URL('/mcp', handle.url).href],
      }),
    );
    const result = await client.callTool({ name: 'echo', arguments: { message: 'remote' } });
    expect(result.content).toEqual([{ type: 'text', text: 'remote' }]);
  });

  it('aggregates several stdio servers on stdio', async () => {
    const path = configFile({ upstreams: [fixture('a'), echoServer()] });
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, path] });
    const client = await connectClient(cleanup, transport, { protocolVersion: '2025-11-25' });
    const tools = (await client.listAllTools()).map((tool) => tool.name);
    expect(tools).toEqual(expect.arrayContaining(['a__echo', 'echo__echo']));
    const result = await client.callTool({ name: 'a__echo', arguments: { message: 'merged' } });
    expect(result.content).toEqual([{ type: 'text', text: 'a: merged' }]);
    const upstreamPid = Number((await client.callTool({ name: 'a__pid', arguments: {} })).content[0]!.text);

    // The host going away (stdin closed) ends the gateway by itself, and with it every upstream.
    await client.close();
    expect(transport.exitCode).toBe(0);
    await until('the upstream to be gone', () => !alive(upstreamPid));
  });
});

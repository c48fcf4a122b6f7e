// The built CLI (bin/mcpkit-gateway.mjs over dist/), spawned as a real process for each use.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEchoServer } from '@mcpkit/echo-server';
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
): Promise<{ child: ChildProcess; url: URL; stderr: () => string }> {
  const child = spawn(process.execPath, [BIN, configFile(config)], { stdio: ['ignore', 'ignore', 'pipe'] });
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
    const client = await connectClient(
      cleanup,
      new StdioClientTransport({ command: process.execPath, args: [BIN, path] }),
      { protocolVersion: '2025-11-25' },
    );
    const tools = (await client.listAllTools()).map((tool) => tool.name);
    expect(tools).toEqual(expect.arrayContaining(['a__echo', 'echo__echo']));
    const result = await client.callTool({ name: 'a__echo', arguments: { message: 'merged' } });
    expect(result.content).toEqual([{ type: 'text', text: 'a: merged' }]);
  });
});

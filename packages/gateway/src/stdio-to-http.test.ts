// stdio -> HTTP: real stdio servers published over Streamable HTTP, driven by our HTTP client.
import { AuthError, createResourceServer, handlerAuth } from '@mcpkit/auth-server';
import { SseClientTransport, StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { serve } from '@mcpkit/transport-http-server/node';
import { afterEach, describe, expect, it } from 'vitest';
import { GatewayErrorCode } from './errors.js';
import type { GatewayEvent } from './options.js';
import { createStdioHttpGateway, type StdioHttpGatewayOptions } from './stdio-to-http.js';
import {
  alive,
  Cleanup,
  connectClient,
  echoServer,
  everythingServer,
  fixture,
  httpClient,
  tmcpServer,
  until,
} from './test-helpers/processes.js';

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

async function startGateway(options: StdioHttpGatewayOptions) {
  const events: GatewayEvent[] = [];
  const errors: Error[] = [];
  const gateway = createStdioHttpGateway({
    onevent: (event) => events.push(event),
    onerror: (error) => errors.push(error),
    ...options,
  });
  const handle = cleanup.add(await serve(gateway.handler), (h) => h.close());
  cleanup.add(gateway, (g) => g.close());
  return { gateway, url: new URL('/mcp', handle.url), events, errors };
}

describe('stdio -> HTTP, a child per session', () => {
  it('publishes the echo server: each session gets its own child, closed with the session', async () => {
    const { gateway, url, events } = await startGateway({ upstream: echoServer() });
    const first = await httpClient(cleanup, url);
    const second = await httpClient(cleanup, url);
    expect(first.serverInfo?.name).toBe('mcpkit-echo');
    expect((await first.listAllTools()).map((tool) => tool.name)).toEqual(['echo']);
    const result = await second.callTool({ name: 'echo', arguments: { message: 'through the gateway' } });
    expect(result.content).toEqual([{ type: 'text', text: 'through the gateway' }]);
    expect(gateway.childCount).toBe(2);
    const pids = events.flatMap((event) => (event.type === 'child-started' ? [event.pid!] : []));
    expect(pids).toHaveLength(2);
    expect(new Set(pids).size).toBe(2);

    await first.close();
    await until('the first child to exit', () => !alive(pids[0]!));
    expect(gateway.childCount).toBe(1);
  });

  it('serves a legacy HTTP+SSE (2024-11-05) client too, with a child of its own', async () => {
    const { url, events } = await startGateway({ upstream: echoServer() });
    const client = await connectClient(cleanup, new SseClientTransport(new URL('/sse', url)), {
      protocolVersion: '2024-11-05',
    });
    const result = await client.callTool({ name: 'echo', arguments: { message: 'old school' } });
    expect(result.content).toEqual([{ type: 'text', text: 'old school' }]);
    expect(events.filter((event) => event.type === 'child-started')).toHaveLength(1);
  });

  it('passes progress and elicitation through unchanged', async () => {
    const { url } = await startGateway({ upstream: fixture('fx') });
    const client = await httpClient(cleanup, url, {
      elicitation: async (params) => {
        expect(params.message).toBe('Your name?');
        return { action: 'accept', content: { who: 'Ada' } };
      },
    });
    const progress: number[] = [];
    const slow = await client.callTool(
      { name: 'slow', arguments: { ms: 300 } },
      { onprogress: (update) => progress.push(update.progress) },
    );
    expect(slow.content).toEqual([{ type: 'text', text: 'fx: slept 300' }]);
    expect(progress.length).toBeGreaterThan(0);
    const asked = await client.callTool({ name: 'ask', arguments: {} });
    expect(asked.content).toEqual([{ type: 'text', text: 'fx: hello Ada' }]);
  });

  it('a child killed mid-call fails the call at once, is reported, and the next session gets a new child', async () => {
    const { url, events } = await startGateway({ upstream: fixture('fx') });
    const client = await httpClient(cleanup, url);
    const pid = Number((await client.callTool({ name: 'pid', arguments: {} })).content[0]!.text);
    let sawProgress!: () => void;
    const progressed = new Promise<void>((resolve) => {
      sawProgress = resolve;
    });
    const call = client.callTool(
      { name: 'slow', arguments: { ms: 60_000 } },
      { onprogress: () => sawProgress() },
    );
    await progressed;
    process.kill(pid, 'SIGKILL');
    await expect(call).rejects.toThrow(/fx went away before answering tools\/call/);
    // A wire error (-32603): the protocol's -32000 ConnectionClosed is a local code, never sent.
    await expect(call).rejects.toMatchObject({ code: -32603 });
    await until('the exit to be reported', () =>
      events.some((event) => event.type === 'child-exited' && event.pid === pid),
    );
    const exited = events.find((event) => event.type === 'child-exited');
    expect(exited?.type === 'child-exited' && exited.reason?.message).toMatch(/SIGKILL|signal/);

    // The session ended with its child; the client renews it (a 404, then initialize): a new child.
    const again = await client.callTool({ name: 'pid', arguments: {} });
    expect(Number(again.content[0]!.text)).not.toBe(pid);
  });

  it('survives a child that prints garbage, reporting it', async () => {
    const { url, errors } = await startGateway({ upstream: fixture('fx', '--garbage') });
    const client = await httpClient(cleanup, url);
    const result = await client.callTool({ name: 'echo', arguments: { message: 'still fine' } });
    expect(result.content).toEqual([{ type: 'text', text: 'fx: still fine' }]);
    await until('the garbage to be reported', () => errors.length > 0);
    expect(errors[0]).toMatchObject({ code: GatewayErrorCode.UpstreamError });
    expect(errors[0]!.message).toMatch(/^fx: /);
  });

  it('publishes the official SDK\'s "everything" server and a tmcp server', async () => {
    const everything = await startGateway({ upstream: everythingServer() });
    const tmcp = await startGateway({ upstream: tmcpServer() });
    const toEverything = await httpClient(cleanup, everything.url);
    const echoed = await toEverything.callTool({ name: 'echo', arguments: { message: 'over HTTP' } });
    expect(JSON.stringify(echoed.content)).toContain('over HTTP');
    const toTmcp = await httpClient(cleanup, tmcp.url);
    const shouted = await toTmcp.callTool({ name: 'shout', arguments: { message: 'quiet' } });
    expect(shouted.content).toEqual([{ type: 'text', text: 'QUIET' }]);
  });

  it('waits for a child slow to start', async () => {
    const { url } = await startGateway({ upstream: fixture('fx', '--slow-start', '1500') });
    const client = await httpClient(cleanup, url);
    const result = await client.callTool({ name: 'echo', arguments: { message: 'late' } });
    expect(result.content).toEqual([{ type: 'text', text: 'fx: late' }]);
  });

  it('keeps the HTTP options: a health endpoint and the Origin check', async () => {
    const { url } = await startGateway({ upstream: echoServer(), http: { health: true } });
    const health = await fetch(new URL('/healthz', url));
    expect(health.status).toBe(200);
    const wrongHost = await fetch(url, {
      method: 'POST',
      headers: {
        origin: 'http://evil.example',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: '{}',
    });
    expect(wrongHost.status).toBe(403);
  });

  it('takes an OAuth resource server of @mcpkit/auth-server: tokens and per-tool scopes checked before any child', async () => {
    const resourceServer = createResourceServer({
      resource: 'https://gateway.example.com/mcp',
      authorizationServers: ['https://as.example.com'],
      verifier: {
        verify: async (token) => {
          const scopes = { reader: ['mcp'], writer: ['mcp', 'echo:call'] }[token];
          if (scopes === undefined) throw new AuthError('invalid_token', 'unknown token');
          return { audience: ['https://gateway.example.com/mcp'], scopes, clientId: token, claims: {} };
        },
      },
      requiredScopes: ['mcp'],
      scopes: { tools: { echo: ['echo:call'] } },
    });
    const { url, events } = await startGateway({ upstream: echoServer(), http: handlerAuth(resourceServer) });
    const anonymous = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toContain('resource_metadata=');
    expect(events).toEqual([]);

    const as = (token: string) =>
      connectClient(
        cleanup,
        new StreamableHttpClientTransport(url, { headers: { authorization: `Bearer ${token}` } }),
      );
    const reader = await as('reader');
    expect((await reader.listAllTools()).map((tool) => tool.name)).toEqual(['echo']);
    await expect(reader.callTool({ name: 'echo', arguments: { message: 'no' } })).rejects.toThrow(
      /403|insufficient_scope/,
    );
    const writer = await as('writer');
    const result = await writer.callTool({ name: 'echo', arguments: { message: 'yes' } });
    expect(result.content).toEqual([{ type: 'text', text: 'yes' }]);
  });

  it('answers the initialize of a session whose command cannot start at once, saying why', async () => {
    const { url, events } = await startGateway({
      upstream: { name: 'nope', command: 'no-such-command-for-mcpkit' },
    });
    await expect(httpClient(cleanup, url)).rejects.toThrow(/nope could not start: .*ENOENT/);
    expect(events).toEqual([]);
  });

  it('refuses stateless mode, which needs a shared child', () => {
    expect(() => createStdioHttpGateway({ upstream: echoServer(), http: { stateless: true } })).toThrow(
      /http.stateless needs children: "shared"/,
    );
  });
});

describe('stdio -> HTTP, one shared child', () => {
  it('serves every session and a 2026-07-28 client from one 2025-06-18 child', async () => {
    const { gateway, url, events } = await startGateway({
      upstream: fixture('old', '--version', '2025-06-18'),
      children: 'shared',
    });
    await until('the child to come up', () => gateway.childCount === 1);
    const modern = await httpClient(cleanup, url);
    const legacy = await httpClient(cleanup, url, { protocolVersion: '2025-03-26' });
    expect(modern.protocolVersion).toBe('2026-07-28');
    expect(legacy.protocolVersion).toBe('2025-03-26');
    for (const client of [modern, legacy]) {
      const result = await client.callTool({ name: 'echo', arguments: { message: client.protocolVersion! } });
      expect(result.content).toEqual([{ type: 'text', text: `old: ${client.protocolVersion}` }]);
    }
    expect(events.find((event) => event.type === 'upstream-up')).toMatchObject({
      protocolVersion: '2025-06-18',
    });
  });

  it('serves stateless mode from the shared child', async () => {
    const { gateway, url } = await startGateway({
      upstream: fixture('fx'),
      children: 'shared',
      http: { stateless: true },
    });
    await until('the child to come up', () => gateway.childCount === 1);
    const client = await httpClient(cleanup, url, { protocolVersion: '2025-11-25' });
    const result = await client.callTool({ name: 'echo', arguments: { message: 'no session' } });
    expect(result.content).toEqual([{ type: 'text', text: 'fx: no session' }]);
    expect(gateway.handler.sessionCount).toBe(0);
  });

  it('starts the shared child again when it dies, failing the call it was running at once', async () => {
    const { gateway, url, events } = await startGateway({ upstream: fixture('fx'), children: 'shared' });
    await until('the child to come up', () => gateway.childCount === 1);
    const client = await httpClient(cleanup, url, { protocolVersion: '2025-11-25' });
    const pid = Number((await client.callTool({ name: 'pid', arguments: {} })).content[0]!.text);
    let running!: () => void;
    const progressed = new Promise<void>((resolve) => {
      running = resolve;
    });
    const call = client.callTool(
      { name: 'slow', arguments: { ms: 60_000 } },
      { onprogress: () => running() },
    );
    await progressed;
    process.kill(pid, 'SIGKILL');
    const failed = await call;
    expect(failed.isError).toBe(true);
    expect(JSON.stringify(failed.content)).toMatch(/fx failed tools\/call slow/);
    await until(
      'the child to be started again',
      () => events.filter((event) => event.type === 'upstream-up').length === 2,
    );
    expect(events.some((event) => event.type === 'upstream-down')).toBe(true);
    const again = Number((await client.callTool({ name: 'pid', arguments: {} })).content[0]!.text);
    expect(again).not.toBe(pid);
  });
});

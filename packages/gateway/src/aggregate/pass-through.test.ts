// Requests relayed as they are: a stdio upstream speaking the client's revision gets tools/call,
// prompts/get and resources/read past the gateway's server, with every feature still carried.
import type { McpClientOptions } from '@mcpkit/client';
import { createInMemoryTransportPair } from '@mcpkit/jsonrpc/testing';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { afterEach, describe, expect, it } from 'vitest';
import { Cleanup, connectClient, fixture, httpClient } from '../test-helpers/processes.js';
import { Aggregator } from './aggregator.js';

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const REVISION = '2025-11-25';

async function gateway(requestTimeoutMs?: number) {
  const errors: Error[] = [];
  const aggregator = cleanup.add(
    new Aggregator({
      // Same revision as the client: its requests can pass through.
      upstreams: [fixture('old', '--version', REVISION), fixture('new', '--version', '2026-07-28')],
      retry: { initialDelayMs: 100, maxDelayMs: 400 },
      onerror: (error) => errors.push(error),
      ...(requestTimeoutMs === undefined ? {} : { requestTimeoutMs }),
    }),
    (a) => a.close(),
  );
  await aggregator.start();
  const connect = async (options: McpClientOptions = {}) => {
    const [clientSide, serverSide] = createInMemoryTransportPair();
    await aggregator.server.connect(serverSide);
    return connectClient(cleanup, clientSide, { protocolVersion: REVISION, ...options });
  };
  return { aggregator, connect, errors };
}

const text = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

describe('requests relayed as they are', () => {
  it('relays calls, prompts and reads to a same-revision upstream, with progress, questions and logs', async () => {
    const logged: unknown[] = [];
    const { aggregator, connect } = await gateway();
    const client = await connect({
      elicitation: async () => ({ action: 'accept', content: { who: 'Ana' } }),
      sampling: async () => ({ role: 'assistant', content: { type: 'text', text: 'pong' }, model: 'test' }),
      roots: [{ uri: 'file:///work', name: 'work' }],
      onLogMessage: (params) => void logged.push(params),
    });
    expect(text(await client.callTool({ name: 'old__echo', arguments: { message: 'hi' } }))).toBe('old: hi');
    const progress: number[] = [];
    const slow = await client.callTool(
      { name: 'old__slow', arguments: { ms: 200 } },
      { onprogress: (update) => progress.push(update.progress) },
    );
    expect(text(slow)).toBe('old: slept 200');
    expect(progress.length).toBeGreaterThan(0);
    expect(text(await client.callTool({ name: 'old__ask', arguments: {} }))).toBe('old: hello Ana');
    expect(text(await client.callTool({ name: 'old__sample', arguments: {} }))).toBe(
      'old: the model said pong',
    );
    expect(text(await client.callTool({ name: 'old__roots', arguments: {} }))).toBe('old: file:///work');
    await client.callTool({ name: 'old__log', arguments: {} });
    const prompt = await client.getPrompt({ name: 'old__greet', arguments: { who: 'Bo' } });
    expect(prompt.messages[0]?.content).toMatchObject({ text: 'old greets Bo' });
    const info = await client.readResource({ uri: 'fixture://old/info' });
    expect(info.contents[0]).toMatchObject({ text: 'old info' });
    const item = await client.readResource({ uri: 'fixture://old/items/7' });
    expect(item.contents[0]).toMatchObject({ text: 'old item 7' });
    expect(aggregator.relayedRequests).toBe(9);
    expect(logged).toContainEqual({ level: 'warning', logger: 'old', data: 'old logs' });
    // An upstream on another revision is served through the server, which bridges them.
    expect(text(await client.callTool({ name: 'new__echo', arguments: { message: 'x' } }))).toBe('new: x');
    expect(aggregator.relayedRequests).toBe(9);
  });

  it("keeps two sessions' ids apart and cancels a relayed call upstream", async () => {
    const { aggregator, connect } = await gateway();
    const [one, two] = [await connect(), await connect()];
    // Both clients number their requests alike: each must get its own answer.
    const answers = await Promise.all(
      [0, 1, 2].flatMap((n) => [
        one.callTool({ name: 'old__echo', arguments: { message: `one ${n}` } }),
        two.callTool({ name: 'old__echo', arguments: { message: `two ${n}` } }),
      ]),
    );
    expect(answers.map(text)).toEqual(
      ['one 0', 'two 0', 'one 1', 'two 1', 'one 2', 'two 2'].map((m) => `old: ${m}`),
    );
    const abort = new AbortController();
    const cancelled = one.callTool(
      { name: 'old__slow', arguments: { ms: 60_000 } },
      { signal: abort.signal, onprogress: () => abort.abort(new Error('changed my mind')) },
    );
    await expect(cancelled).rejects.toThrow(/changed my mind/);
    expect(text(await one.callTool({ name: 'old__echo', arguments: { message: 'after' } }))).toBe(
      'old: after',
    );
    expect(aggregator.relayedRequests).toBe(8);
  });

  it("relays over HTTP sessions, each answer and progress on its request's stream", async () => {
    const { aggregator } = await gateway();
    for (const responseMode of ['json', 'sse'] as const) {
      const handler = createStreamableHttpHandler({ server: aggregator.server, responseMode });
      const served = cleanup.add(await serve(handler), (h) => h.close());
      const client = await httpClient(cleanup, new URL('/mcp', served.url), { protocolVersion: REVISION });
      expect(text(await client.callTool({ name: 'old__echo', arguments: { message: responseMode } }))).toBe(
        `old: ${responseMode}`,
      );
      const progress: number[] = [];
      const slow = await client.callTool(
        { name: 'old__slow', arguments: { ms: 120 } },
        { onprogress: (update) => progress.push(update.progress) },
      );
      expect(text(slow)).toBe('old: slept 120');
      // JSON responses carry no progress; an SSE stream carries it before the answer.
      if (responseMode === 'sse') expect(progress.length).toBeGreaterThan(0);
    }
    expect(aggregator.relayedRequests).toBe(4);
  });

  it('answers a relayed call at once when its upstream dies', async () => {
    const { connect } = await gateway();
    const client = await connect();
    const pid = Number(text(await client.callTool({ name: 'old__pid', arguments: {} })));
    let progressed!: () => void;
    const running = new Promise<void>((resolve) => {
      progressed = resolve;
    });
    const call = client.callTool(
      { name: 'old__slow', arguments: { ms: 60_000 } },
      { onprogress: () => progressed() },
    );
    await running;
    process.kill(pid, 'SIGKILL');
    const failed = await call;
    expect(failed.isError).toBe(true);
    expect(text(failed)).toMatch(/old failed tools\/call slow: went away: .*SIGKILL/);
  });

  it('gives up a relayed call the upstream does not answer in time', async () => {
    const { connect } = await gateway(300);
    const client = await connect();
    const late = await client.callTool({ name: 'old__task', arguments: { ms: 60_000 } });
    expect(late.isError).toBe(true);
    expect(text(late)).toBe('old failed tools/call task: timed out after 300 ms');
    expect(text(await client.callTool({ name: 'old__echo', arguments: { message: 'on' } }))).toBe('old: on');
  });

  it('sends every request through the server once a middleware is added', async () => {
    const { aggregator, connect } = await gateway();
    const seen: string[] = [];
    aggregator.server.use((ctx, next) => {
      seen.push(ctx.method);
      return next();
    });
    const client = await connect();
    expect(text(await client.callTool({ name: 'old__echo', arguments: { message: 'm' } }))).toBe('old: m');
    expect(seen).toContain('tools/call');
    expect(aggregator.relayedRequests).toBe(0);
  });
});

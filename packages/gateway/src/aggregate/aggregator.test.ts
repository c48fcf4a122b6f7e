// Aggregation: real upstream processes (our test server, our echo server, the official SDK's
// "everything" server, a tmcp server) behind one server, driven by our client.
import type { McpClientOptions } from '@mcpkit/client';
import { createEchoServer } from '@mcpkit/echo-server';
import { createInMemoryTransportPair } from '@mcpkit/jsonrpc/testing';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { afterEach, describe, expect, it } from 'vitest';
import type { GatewayEvent } from '../options.js';
import {
  Cleanup,
  connectClient,
  echoServer,
  everythingServer,
  fixture,
  tmcpServer,
  until,
} from '../test-helpers/processes.js';
import { Aggregator, type AggregatorOptions } from './aggregator.js';

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

async function aggregate(options: AggregatorOptions, clientOptions: McpClientOptions = {}) {
  const events: GatewayEvent[] = [];
  const errors: Error[] = [];
  const aggregator = cleanup.add(
    new Aggregator({
      retry: { initialDelayMs: 100, maxDelayMs: 400 },
      onevent: (event) => events.push(event),
      onerror: (error) => errors.push(error),
      ...options,
    }),
    (a) => a.close(),
  );
  await aggregator.start();
  const [clientSide, serverSide] = createInMemoryTransportPair();
  await aggregator.server.connect(serverSide);
  const client = await connectClient(cleanup, clientSide, clientOptions);
  return { aggregator, client, events, errors };
}

const names = (items: { name: string }[]) => items.map((item) => item.name).sort();
const text = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

describe('aggregation', () => {
  it('merges tools, prompts, resources and templates of several upstreams under their namespaces', async () => {
    const { client } = await aggregate({
      upstreams: [fixture('a'), fixture('b', '--version', '2025-06-18'), echoServer()],
    });
    const tools = names(await client.listAllTools());
    expect(tools).toEqual(expect.arrayContaining(['a__echo', 'a__slow', 'b__echo', 'echo__echo']));
    expect(text(await client.callTool({ name: 'b__echo', arguments: { message: 'hi' } }))).toBe('b: hi');
    expect(text(await client.callTool({ name: 'echo__echo', arguments: { message: 'hi' } }))).toBe('hi');
    expect(names(await client.listAllPrompts())).toEqual(['a__greet', 'b__greet', 'echo__echo']);
    const prompt = await client.getPrompt({ name: 'a__greet', arguments: { who: 'you' } });
    expect(prompt.messages[0]?.content).toEqual({ type: 'text', text: 'a greets you' });
    expect((await client.listAllResources()).map((resource) => resource.uri).sort()).toEqual([
      'fixture://a/info',
      'fixture://b/info',
    ]);
    expect((await client.readResource({ uri: 'fixture://b/info' })).contents[0]).toMatchObject({
      text: 'b info',
    });
    expect((await client.listAllResourceTemplates()).map((template) => template.uriTemplate).sort()).toEqual([
      'echo://{message}',
      'fixture://a/items/{id}',
      'fixture://b/items/{id}',
    ]);
    expect((await client.readResource({ uri: 'echo://templated' })).contents[0]).toMatchObject({
      text: 'templated',
    });
  });

  it('forwards completions of prompt arguments to the upstream', async () => {
    const { client } = await aggregate({ upstreams: [everythingServer(), echoServer()] });
    const prompts = await client.listAllPrompts();
    const completable = prompts.find((prompt) => prompt.name === 'everything__completable-prompt');
    expect(completable, prompts.map((prompt) => prompt.name).join(', ')).toBeDefined();
    const argument = completable!.arguments![0]!.name;
    const answer = await client.complete({
      ref: { type: 'ref/prompt', name: 'everything__completable-prompt' },
      argument: { name: argument, value: '' },
    });
    expect(answer.completion.values.length).toBeGreaterThan(0);
  });

  it('serves the official SDK\'s "everything" server and a tmcp server beside ours', async () => {
    const { client } = await aggregate({
      upstreams: [everythingServer(), tmcpServer(), echoServer()],
      requestTimeoutMs: 20_000,
    });
    const tools = names(await client.listAllTools());
    expect(tools).toEqual(expect.arrayContaining(['everything__echo', 'tmcp__shout', 'echo__echo']));
    expect(text(await client.callTool({ name: 'tmcp__shout', arguments: { message: 'quiet' } }))).toBe(
      'QUIET',
    );
    const echoed = await client.callTool({ name: 'everything__echo', arguments: { message: 'from afar' } });
    expect(JSON.stringify(echoed.content)).toContain('from afar');
  });

  it('reports collisions at start and keeps the name of the earlier upstream', async () => {
    const { client, events } = await aggregate({
      upstreams: [
        { ...fixture('first'), namespace: false, tools: { allow: ['echo'] } },
        { ...fixture('second'), namespace: false, tools: { allow: ['echo', 'pid'] } },
      ],
    });
    expect(events).toContainEqual({
      type: 'collision',
      upstream: 'second',
      kind: 'tool',
      name: 'echo',
      keptFrom: 'first',
    });
    expect(names(await client.listAllTools())).toEqual(['echo', 'pid']);
    expect(text(await client.callTool({ name: 'echo', arguments: { message: 'x' } }))).toBe('first: x');
  });

  it('applies allow and deny lists, with * patterns', async () => {
    const { client } = await aggregate({
      upstreams: [
        {
          ...fixture('a'),
          tools: { deny: ['a*', 'slow'] },
          prompts: { allow: [] },
          resources: { deny: ['fixture://*'] },
        },
      ],
    });
    expect(names(await client.listAllTools())).toEqual([
      'a__echo',
      'a__log',
      'a__pid',
      'a__roots',
      'a__sample',
      'a__subscribed',
      'a__task',
      'a__touch',
    ]);
    expect(await client.listAllPrompts()).toEqual([]);
    expect(await client.listAllResources()).toEqual([]);
    expect(await client.listAllResourceTemplates()).toEqual([]);
  });

  it("passes an upstream's list_changed on", async () => {
    let changes = 0;
    const { client } = await aggregate(
      { upstreams: [fixture('a')] },
      { listChanged: { tools: { autoRefresh: false, onChanged: () => void changes++ } } },
    );
    await client.callTool({ name: 'a__add-tool', arguments: {} });
    await until('tools/list_changed', () => changes > 0);
    expect(names(await client.listAllTools())).toContain('a__added');
    expect(text(await client.callTool({ name: 'a__added', arguments: {} }))).toBe('a: added');
  });

  it('forwards progress and elicitation to the caller, and cancellation to the upstream', async () => {
    const { client } = await aggregate(
      { upstreams: [fixture('a')] },
      {
        protocolVersion: '2025-11-25',
        elicitation: async () => ({ action: 'accept', content: { who: 'Lin' } }),
      },
    );
    const progress: number[] = [];
    const slow = await client.callTool(
      { name: 'a__slow', arguments: { ms: 300 } },
      { onprogress: (update) => progress.push(update.progress) },
    );
    expect(text(slow)).toBe('a: slept 300');
    // The upstream speaks 2026-07-28: its envelope stays out of a 2025-11-25 answer.
    expect(slow).not.toHaveProperty('resultType');
    expect(slow._meta).toBeUndefined();
    expect(progress.length).toBeGreaterThan(0);
    expect(text(await client.callTool({ name: 'a__ask', arguments: {} }))).toBe('a: hello Lin');

    const abort = new AbortController();
    const cancelled = client.callTool(
      { name: 'a__slow', arguments: { ms: 60_000 } },
      { signal: abort.signal, onprogress: () => abort.abort(new Error('changed my mind')) },
    );
    await expect(cancelled).rejects.toThrow(/changed my mind/);
  });

  it("forwards an upstream's sampling, roots and log messages to the caller", async () => {
    const logged: unknown[] = [];
    const { client } = await aggregate(
      { upstreams: [fixture('a'), fixture('b')] },
      {
        protocolVersion: '2025-11-25',
        sampling: async () => ({ role: 'assistant', content: { type: 'text', text: 'pong' }, model: 'test' }),
        roots: [{ uri: 'file:///work', name: 'work' }],
        onLogMessage: (params) => void logged.push(params),
      },
    );
    expect(text(await client.callTool({ name: 'b__sample', arguments: {} }))).toBe('b: the model said pong');
    expect(text(await client.callTool({ name: 'a__roots', arguments: {} }))).toBe('a: file:///work');
    await client.callTool({ name: 'a__log', arguments: {} });
    await until('the log message', () => logged.length > 0);
    expect(logged[0]).toEqual({ level: 'warning', logger: 'a', data: 'a logs' });
  });

  it('retries an HTTP upstream that went away until it is back', async () => {
    const handler = () => createStreamableHttpHandler({ server: createEchoServer() });
    const first = await serve(handler());
    const port = first.port;
    const url = new URL('/mcp', first.url).href;
    const { client, events } = await aggregate({ upstreams: [{ name: 'remote', url }] });
    expect(text(await client.callTool({ name: 'remote__echo', arguments: { message: 'up' } }))).toBe('up');
    await first.close();
    // A call fails at once while it is away.
    const away = await client.callTool({ name: 'remote__echo', arguments: { message: 'anyone?' } });
    expect(away.isError).toBe(true);
    expect(text(away)).toMatch(/^remote /);
    await until('remote to drop out', () => events.some((event) => event.type === 'upstream-down'));
    const second = cleanup.add(await serve(handler(), { port }), (h) => h.close());
    expect(second.port).toBe(port);
    await until(
      'remote to come back',
      () => events.filter((event) => event.type === 'upstream-up').length === 2,
    );
    expect(text(await client.callTool({ name: 'remote__echo', arguments: { message: 'back' } }))).toBe(
      'back',
    );
  });

  it("asks a 2026-07-28 client a 2025 upstream's questions by multi-round-trip, keeping the upstream call", async () => {
    let asked = 0;
    const { client } = await aggregate(
      { upstreams: [fixture('old', '--version', '2025-11-25')] },
      {
        elicitation: async (params) => {
          asked++;
          expect(params.message).toBe('Your name?');
          return { action: 'accept', content: { who: 'Mo' } };
        },
        sampling: async () => ({ role: 'assistant', content: { type: 'text', text: 'beep' }, model: 'test' }),
      },
    );
    expect(client.protocolVersion).toBe('2026-07-28');
    expect(text(await client.callTool({ name: 'old__ask', arguments: {} }))).toBe('old: hello Mo');
    expect(asked).toBe(1);
    expect(text(await client.callTool({ name: 'old__sample', arguments: {} }))).toBe(
      'old: the model said beep',
    );
    // The elicitation was answered once, so the upstream ran the call once; the connection goes on.
    expect(text(await client.callTool({ name: 'old__echo', arguments: { message: 'after' } }))).toBe(
      'old: after',
    );
  });

  it('asks a 2025-11-25 client the questions a 2026-07-28 upstream asks by multi-round-trip', async () => {
    const { client } = await aggregate(
      { upstreams: [fixture('new', '--version', '2026-07-28')] },
      {
        protocolVersion: '2025-11-25',
        elicitation: async () => ({ action: 'accept', content: { who: 'Ida' } }),
      },
    );
    expect(text(await client.callTool({ name: 'new__ask', arguments: {} }))).toBe('new: hello Ida');
  });

  it('notices an idle HTTP upstream went away by pinging it', async () => {
    const handle = await serve(createStreamableHttpHandler({ server: createEchoServer() }));
    const url = new URL('/mcp', handle.url).href;
    const { client, events } = await aggregate({
      upstreams: [{ name: 'remote', url }],
      retry: { initialDelayMs: 100, maxDelayMs: 400, pingIntervalMs: 100 },
    });
    expect((await client.listAllTools()).map((tool) => tool.name)).toContain('remote__echo');
    await handle.close();
    await until('remote to drop out', () => events.some((event) => event.type === 'upstream-down'));
    expect(await client.listAllTools()).toEqual([]);
  });

  it('drops a dead upstream from the lists, fails its running call at once, and brings it back', async () => {
    let changes = 0;
    const { client, events } = await aggregate(
      { upstreams: [fixture('a'), fixture('b')] },
      { listChanged: { tools: { autoRefresh: false, onChanged: () => void changes++ } } },
    );
    const pid = Number(text(await client.callTool({ name: 'a__pid', arguments: {} })));
    let progressed!: () => void;
    const running = new Promise<void>((resolve) => {
      progressed = resolve;
    });
    const call = client.callTool(
      { name: 'a__slow', arguments: { ms: 60_000 } },
      { onprogress: () => progressed() },
    );
    await running;
    process.kill(pid, 'SIGKILL');
    // A tool's failure is a tool error result (isError), so the model sees why.
    const failed = await call;
    expect(failed.isError).toBe(true);
    expect(text(failed)).toMatch(/a failed tools\/call slow: .*SIGKILL/);
    await until('a to drop out', () => events.some((event) => event.type === 'upstream-down'));
    await until('list_changed', () => changes > 0);
    await until('a to come back', () =>
      events.some(
        (event) => event.type === 'upstream-up' && event.upstream === 'a' && events.indexOf(event) > 2,
      ),
    );
    const tools = names(await client.listAllTools());
    expect(tools).toContain('a__echo');
    expect(Number(text(await client.callTool({ name: 'a__pid', arguments: {} })))).not.toBe(pid);
  });

  it('copes with an upstream that prints garbage and one slow to start', async () => {
    const { client, errors } = await aggregate({
      upstreams: [fixture('noisy', '--garbage'), fixture('late', '--slow-start', '1500')],
    });
    expect(text(await client.callTool({ name: 'noisy__echo', arguments: { message: '1' } }))).toBe(
      'noisy: 1',
    );
    expect(text(await client.callTool({ name: 'late__echo', arguments: { message: '2' } }))).toBe('late: 2');
    expect(errors.some((error) => /^noisy printed output that is not JSON-RPC/.test(error.message))).toBe(
      true,
    );
  });

  it('bridges revisions: a 2025-03-26 client and a 2026-07-28 one through the same upstreams', async () => {
    const { client: modern } = await aggregate({ upstreams: [fixture('old', '--version', '2025-06-18')] });
    expect(modern.protocolVersion).toBe('2026-07-28');
    expect(text(await modern.callTool({ name: 'old__echo', arguments: { message: 'new to old' } }))).toBe(
      'old: new to old',
    );
    const { client: legacy } = await aggregate(
      { upstreams: [fixture('new', '--version', '2026-07-28')] },
      { protocolVersion: '2025-03-26' },
    );
    expect(legacy.protocolVersion).toBe('2025-03-26');
    expect(text(await legacy.callTool({ name: 'new__echo', arguments: { message: 'old to new' } }))).toBe(
      'new: old to new',
    );
  });
});

// Aggregation of resource subscriptions and 2025-11-25 tasks: real upstream processes (the
// gateway's test server) behind one aggregator, driven by our client.
import type { McpClientOptions } from '@mcpkit/client';
import { createInMemoryTransportPair } from '@mcpkit/jsonrpc/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { Cleanup, connectClient, everythingServer, fixture, until } from '../test-helpers/processes.js';
import { Aggregator, type AggregatorOptions } from './aggregator.js';

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

async function aggregator(options: AggregatorOptions): Promise<Aggregator> {
  const created = cleanup.add(
    new Aggregator({ retry: { initialDelayMs: 100, maxDelayMs: 400 }, ...options }),
    (a) => a.close(),
  );
  await created.start();
  return created;
}

async function clientOf(gateway: Aggregator, options: McpClientOptions = {}) {
  const [clientSide, serverSide] = createInMemoryTransportPair();
  await gateway.server.connect(serverSide);
  return connectClient(cleanup, clientSide, options);
}

const text = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

describe('resource subscriptions through the aggregator', () => {
  for (const protocolVersion of ['2025-11-25', '2026-07-28'] as const) {
    it(`routes each subscription to the owning upstream and passes its updates on (${protocolVersion} client)`, async () => {
      const gateway = await aggregator({ upstreams: [fixture('a'), fixture('b')] });
      const client = await clientOf(gateway, { protocolVersion });
      expect(client.serverCapabilities?.resources?.subscribe).toBe(true);
      const updated: string[] = [];
      const info = await client.subscribeResource('fixture://b/info', ({ uri }) => void updated.push(uri));
      // A URI served by a template is owned by the template's upstream.
      await client.subscribeResource('fixture://a/items/7', ({ uri }) => void updated.push(uri));
      await client.callTool({ name: 'b__touch', arguments: { uri: 'fixture://b/info' } });
      await until('the update of fixture://b/info', () => updated.includes('fixture://b/info'));
      await client.callTool({ name: 'a__touch', arguments: { uri: 'fixture://a/items/7' } });
      await until('the update of fixture://a/items/7', () => updated.includes('fixture://a/items/7'));

      await info.unsubscribe();
      await client.callTool({ name: 'b__touch', arguments: { uri: 'fixture://b/info' } });
      await client.callTool({ name: 'a__touch', arguments: { uri: 'fixture://a/items/7' } });
      await until('the second update of fixture://a/items/7', () => updated.length === 3);
      expect(updated).toEqual(['fixture://b/info', 'fixture://a/items/7', 'fixture://a/items/7']);
    });
  }

  it('holds one upstream subscription while any session wants the URI, dropped when the last leaves or closes', async () => {
    // A 2025-11-25 upstream, so the gateway subscribes with resources/subscribe, which it can report
    // (with a 2026-07-28 one, as in the tests above, it holds a subscriptions/listen stream instead).
    const gateway = await aggregator({ upstreams: [fixture('a', '--version', '2025-11-25')] });
    const first = await clientOf(gateway, { protocolVersion: '2025-11-25' });
    const second = await clientOf(gateway, { protocolVersion: '2025-11-25' });
    const upstreamSubscribed = async () =>
      text(await first.callTool({ name: 'a__subscribed', arguments: { uri: 'fixture://a/info' } }));
    const waitUntilUpstream = async (wanted: string) => {
      for (let attempt = 0; attempt < 100 && (await upstreamSubscribed()) !== wanted; attempt++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await upstreamSubscribed()).toBe(wanted);
    };
    const updated: string[] = [];
    const firstSubscription = await first.subscribeResource('fixture://a/info', () => undefined);
    await second.subscribeResource('fixture://a/info', ({ uri }) => void updated.push(uri));
    expect(await upstreamSubscribed()).toBe('true');

    await firstSubscription.unsubscribe();
    expect(await upstreamSubscribed()).toBe('true');
    await first.callTool({ name: 'a__touch', arguments: { uri: 'fixture://a/info' } });
    await until('the update to reach the session still subscribed', () => updated.length === 1);

    await second.unsubscribeResource('fixture://a/info');
    await waitUntilUpstream('false');

    await second.subscribeResource('fixture://a/info', () => undefined);
    await waitUntilUpstream('true');
    await second.close();
    await waitUntilUpstream('false');
  });

  it('refuses a URI no upstream offers, saying so', async () => {
    const gateway = await aggregator({ upstreams: [fixture('a')] });
    const client = await clientOf(gateway, { protocolVersion: '2025-11-25' });
    await expect(client.subscribeResource('fixture://nobody/info', () => undefined)).rejects.toThrow(
      /fixture:\/\/nobody\/info: no connected upstream offers it/,
    );
  });

  it('subscribes an upstream that came back again to what is still wanted', async () => {
    let ups = 0;
    const gateway = await aggregator({
      upstreams: [fixture('a')],
      onevent: (event) => void (event.type === 'upstream-up' && ups++),
    });
    const client = await clientOf(gateway, { protocolVersion: '2025-11-25' });
    const updated: string[] = [];
    await client.subscribeResource('fixture://a/info', ({ uri }) => void updated.push(uri));
    const pid = Number(text(await client.callTool({ name: 'a__pid', arguments: {} })));
    process.kill(pid, 'SIGKILL');
    await until('the upstream to come back', () => ups === 2);
    // The new subscription is made as the upstream comes back: touch until an update arrives (bounded).
    for (let attempt = 0; attempt < 50 && updated.length === 0; attempt++) {
      await client.callTool({ name: 'a__touch', arguments: { uri: 'fixture://a/info' } });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(updated[0]).toBe('fixture://a/info');
  });
});

describe('2025-11-25 tasks through the aggregator', () => {
  it("forwards task-augmented calls and routes tasks/* by the gateway's own ids, which cannot collide", async () => {
    const gateway = await aggregator({ upstreams: [fixture('a', '--tasks'), fixture('b', '--tasks')] });
    const client = await clientOf(gateway, { protocolVersion: '2025-11-25' });
    expect(client.serverCapabilities?.tasks?.requests?.tools?.call).toBeDefined();
    const tools = await client.listAllTools();
    expect(tools.find((tool) => tool.name === 'a__task')?.execution).toEqual({ taskSupport: 'optional' });

    const onA = await client.callToolAsTask({ name: 'a__task', arguments: { ms: 50 } });
    const onB = await client.callToolAsTask({ name: 'b__task', arguments: { ms: 50 } });
    expect(onA.taskId).not.toBe(onB.taskId);
    expect(text(await client.getTaskResult(onA.taskId))).toBe('a: task done after 50');
    expect(text(await client.getTaskResult(onB.taskId))).toBe('b: task done after 50');
    expect((await client.getTask(onB.taskId)).status).toBe('completed');
    const listed = (await client.listTasks()).tasks.map((task) => task.taskId);
    expect(listed.sort()).toEqual([onA.taskId, onB.taskId].sort());

    const long = await client.callToolAsTask({ name: 'b__task', arguments: { ms: 60_000 } });
    expect((await client.getTask(long.taskId)).status).toBe('working');
    const cancelled = await client.cancelTask(long.taskId);
    expect(cancelled).toMatchObject({ taskId: long.taskId, status: 'cancelled' });
  });

  it("keeps a session's tasks from every other session", async () => {
    const gateway = await aggregator({ upstreams: [fixture('a', '--tasks')] });
    const owner = await clientOf(gateway, { protocolVersion: '2025-11-25' });
    const other = await clientOf(gateway, { protocolVersion: '2025-11-25' });
    const task = await owner.callToolAsTask({ name: 'a__task', arguments: { ms: 10 } });
    await expect(other.getTask(task.taskId)).rejects.toThrow();
    expect((await other.listTasks()).tasks).toEqual([]);
    expect(text(await owner.getTaskResult(task.taskId))).toBe('a: task done after 10');
  });
});

describe('the official SDK\'s "everything" server behind the aggregator', () => {
  it('passes its resource updates on and runs its task-only tool as a task', async () => {
    const gateway = await aggregator({ upstreams: [everythingServer()], requestTimeoutMs: 20_000 });
    const client = await clientOf(gateway, { protocolVersion: '2025-11-25', defaultTimeoutMs: 20_000 });
    const [resource] = await client.listAllResources();
    expect(resource).toBeDefined();
    const updated: string[] = [];
    await client.subscribeResource(resource!.uri, ({ uri }) => void updated.push(uri));
    // It sends updates of subscribed resources every 5 s once asked to.
    await client.callTool({ name: 'everything__toggle-subscriber-updates', arguments: {} });

    const research = await client.callToolAsTask({
      name: 'everything__simulate-research-query',
      arguments: { topic: 'gateways' },
    });
    expect(research.task.status).toBe('working');
    const result = await client.getTaskResult(research.taskId);
    expect(JSON.stringify(result.content)).toContain('gateways');
    expect((await client.getTask(research.taskId)).status).toBe('completed');
    await until('an update of the subscribed resource', () => updated.includes(resource!.uri), 15_000);
  });
});

import type { Tool } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { connectPair } from './test-helpers/fake-server.js';

describe('resource subscriptions', () => {
  it('routes updates to per-URI callbacks and subscribes the server once per URI', async () => {
    const { client, server } = await connectPair({
      handlers: { 'resources/subscribe': () => ({}), 'resources/unsubscribe': () => ({}) },
    });
    const a1: string[] = [];
    const a2: string[] = [];
    const b: string[] = [];
    const subA1 = await client.subscribeResource('test://a', (u) => void a1.push(u.uri));
    const subA2 = await client.subscribeResource('test://a', (u) => void a2.push(u.uri));
    await client.subscribeResource('test://b', (u) => void b.push(u.uri));
    expect(server.requests('resources/subscribe').map((r) => r.params?.uri)).toEqual([
      'test://a',
      'test://b',
    ]);

    await server.peer.notify('notifications/resources/updated', { uri: 'test://a' });
    await server.peer.notify('notifications/resources/updated', { uri: 'test://other' });
    await expect.poll(() => [a1.length, a2.length, b.length]).toEqual([1, 1, 0]);

    await subA1.unsubscribe();
    expect(server.requests('resources/unsubscribe')).toHaveLength(0);
    await server.peer.notify('notifications/resources/updated', { uri: 'test://a' });
    await expect.poll(() => [a1.length, a2.length]).toEqual([1, 2]);
    await subA2.unsubscribe();
    expect(server.requests('resources/unsubscribe').map((r) => r.params?.uri)).toEqual(['test://a']);

    await client.unsubscribeResource('test://b');
    expect(server.requests('resources/unsubscribe').map((r) => r.params?.uri)).toEqual([
      'test://a',
      'test://b',
    ]);
    await server.peer.notify('notifications/resources/updated', { uri: 'test://b' });
    await client.ping();
    expect(b).toEqual([]);
  });

  it('forgets the callback when the server refuses the subscription', async () => {
    const { client, server } = await connectPair({
      handlers: {
        'resources/subscribe': () => {
          throw new Error('no such resource');
        },
      },
    });
    await expect(client.subscribeResource('test://gone', () => {})).rejects.toThrow('no such resource');
    await expect(client.subscribeResource('test://gone', () => {})).rejects.toThrow('no such resource');
    expect(server.requests('resources/subscribe')).toHaveLength(2);
  });

  it('reports a failing callback through onerror and still runs the others', async () => {
    const errors: Error[] = [];
    const { client, server } = await connectPair(
      { handlers: { 'resources/subscribe': () => ({}) } },
      { onerror: (e) => void errors.push(e) },
    );
    const calls: string[] = [];
    await client.subscribeResource('test://w', () => {
      throw new Error('callback broke');
    });
    await client.subscribeResource('test://w', (u) => void calls.push(u.uri));
    await server.peer.notify('notifications/resources/updated', { uri: 'test://w', title: 'W' });
    await expect.poll(() => calls).toEqual(['test://w']);
    expect(errors.map((e) => e.message)).toEqual(['callback broke']);
  });
});

describe('list_changed', () => {
  it('re-fetches every page of the list and hands it to the callback', async () => {
    let version = 1;
    const { server } = await connectPair(
      {
        handlers: {
          'tools/list': (params) =>
            params?.cursor
              ? { tools: [{ name: `late-v${version}`, inputSchema: { type: 'object' } }] }
              : {
                  tools: [{ name: `early-v${version}`, inputSchema: { type: 'object' } }],
                  nextCursor: 'next',
                },
        },
      },
      {},
      (client) =>
        client.setListChangedHandler('tools', {
          onChanged: (error, tools) => void seen.push([error, tools]),
        }),
    );
    const seen: Array<[Error | null, Tool[] | null]> = [];
    version = 2;
    await server.peer.notify('notifications/tools/list_changed');
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]?.[0]).toBeNull();
    expect(seen[0]?.[1]?.map((t) => t.name)).toEqual(['early-v2', 'late-v2']);
  });

  it('coalesces a burst of notifications into at most one extra refresh', async () => {
    let fetches = 0;
    const delivered: number[] = [];
    const { server } = await connectPair(
      {
        handlers: {
          'prompts/list': async () => {
            fetches++;
            await new Promise((resolve) => setTimeout(resolve, 20));
            return { prompts: [{ name: `p${fetches}` }] };
          },
        },
      },
      { listChanged: { prompts: { onChanged: (_e, items) => void delivered.push(items?.length ?? -1) } } },
    );
    for (let i = 0; i < 5; i++) await server.peer.notify('notifications/prompts/list_changed');
    await expect.poll(() => delivered.length).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(fetches).toBe(2);
  });

  it('just signals the change when autoRefresh is off, and passes fetch errors on', async () => {
    const signals: Array<[Error | null, unknown]> = [];
    const failures: Array<Error | null> = [];
    const { server } = await connectPair(
      { capabilities: { resources: { listChanged: true }, prompts: {} } },
      {
        listChanged: {
          resources: { autoRefresh: false, onChanged: (error, items) => void signals.push([error, items]) },
          prompts: { onChanged: (error) => void failures.push(error) },
        },
      },
    );
    await server.peer.notify('notifications/resources/list_changed');
    await expect.poll(() => signals).toEqual([[null, null]]);
    expect(server.requests('resources/list')).toHaveLength(0);
    await server.peer.notify('notifications/prompts/list_changed');
    await expect.poll(() => failures.length).toBe(1);
    expect(failures[0]?.message).toMatch(/Method not found/);
  });
});

import type { JsonRpcError } from '@mcpkit/jsonrpc';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer } from '../server.js';
import { connect, settle } from '../test-helpers/harness.js';

const names = (result: Record<string, unknown>, key: string) =>
  (result[key] as { name: string }[]).map((item) => item.name);

describe('registration handles', () => {
  it('add, disable, enable, update and remove tools at any time, notifying sessions once per tick', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    const first = server.tool('first', {}, () => 'one');
    const h = await connect(server);
    const second = server.tool('second', {}, () => 'two');
    expect(await h.waitFor('notifications/tools/list_changed')).toBeUndefined();
    expect(names(await h.request('tools/list'), 'tools')).toEqual(['first', 'second']);

    first.disable();
    second.disable();
    await settle();
    const changes = () =>
      h.notifications.filter((n) => n.method === 'notifications/tools/list_changed').length;
    expect(changes()).toBe(2); // one for the registration, one for both disables (coalesced)
    expect(names(await h.request('tools/list'), 'tools')).toEqual([]);
    const hidden = (await h
      .request('tools/call', { name: 'first' })
      .catch((e: unknown) => e)) as JsonRpcError;
    expect(hidden.code).toBe(-32602);

    first.enable();
    first.update({
      name: 'renamed',
      description: 'now described',
      inputSchema: z.object({ n: z.number() }),
      handler: ({ n }) => `n=${n}`,
    });
    expect(first.key).toBe('renamed');
    expect(await h.request('tools/call', { name: 'renamed', arguments: { n: 4 } })).toEqual({
      content: [{ type: 'text', text: 'n=4' }],
    });
    const listed = (await h.request('tools/list')).tools as { name: string; description: string }[];
    expect(listed).toMatchObject([{ name: 'renamed', description: 'now described' }]);

    second.remove();
    expect(second.removed).toBe(true);
    expect(() => second.enable()).toThrow('Cannot enable tool "second": it was removed');
    // The name is free again after removal.
    server.tool('second', {}, () => 'again');
  });

  it('keeps the registry unchanged when an update has a bad schema', () => {
    const server = new McpServer({ name: 't', version: '1' });
    const tool = server.tool('t', { description: 'd' }, () => 'x');
    expect(() => tool.update({ name: 'bad name!' })).toThrow(/Invalid tool name/);
    expect(() => tool.update({ inputSchema: z.string() as never })).toThrow(/expected an object schema/);
    expect(tool.key).toBe('t');
  });

  it('notifies resource and prompt list changes, and nothing when listChanged is off', async () => {
    const server = new McpServer(
      { name: 't', version: '1' },
      { capabilities: { prompts: { listChanged: false }, resources: true } },
    );
    const h = await connect(server);
    const resource = server.resource('a://x', { name: 'x' }, () => 'x');
    await h.waitFor('notifications/resources/list_changed');
    resource.update({ description: 'changed' });
    const template = server.resourceTemplate('a://{id}', { name: 'tpl' }, () => 'y');
    template.remove();
    server.prompt('p', {}, () => 'p');
    await settle();
    expect(h.notifications.map((n) => n.method)).toEqual([
      'notifications/resources/list_changed',
      'notifications/resources/list_changed',
    ]);
    expect(await h.request('resources/list')).toEqual({
      resources: [{ uri: 'a://x', name: 'x', description: 'changed' }],
    });
  });

  it('unregisters custom methods', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    const method = server.method('acme/hello', () => ({ hello: true }));
    const h = await connect(server);
    expect(await h.request('acme/hello')).toEqual({ hello: true });
    method.remove();
    expect(((await h.request('acme/hello').catch((e: unknown) => e)) as JsonRpcError).code).toBe(-32601);
  });
});

describe('pagination', () => {
  it('pages every list with opaque, stable cursors', async () => {
    const server = new McpServer({ name: 't', version: '1' }, { pageSize: 2 });
    for (const name of ['a', 'b', 'c', 'd', 'e']) server.tool(name, {}, () => name);
    const h = await connect(server);
    const page1 = await h.request('tools/list');
    expect(names(page1, 'tools')).toEqual(['a', 'b']);
    expect(typeof page1.nextCursor).toBe('string');
    const page2 = await h.request('tools/list', { cursor: page1.nextCursor as string });
    expect(names(page2, 'tools')).toEqual(['c', 'd']);
    const page3 = await h.request('tools/list', { cursor: page2.nextCursor as string });
    expect(names(page3, 'tools')).toEqual(['e']);
    expect(page3.nextCursor).toBeUndefined();
  });

  it('stays stable when earlier entries are removed between pages', async () => {
    const server = new McpServer({ name: 't', version: '1' }, { pageSize: 2 });
    const handles = ['a', 'b', 'c', 'd'].map((name) => server.prompt(name, {}, () => name));
    const h = await connect(server);
    const page1 = await h.request('prompts/list');
    handles[0]!.remove();
    const page2 = await h.request('prompts/list', { cursor: page1.nextCursor as string });
    expect(names(page2, 'prompts')).toEqual(['c', 'd']);
  });

  it('pages resources across static entries and template list callbacks', async () => {
    const server = new McpServer({ name: 't', version: '1' }, { pageSize: 2 });
    server.resource('a://1', { name: '1' }, () => '');
    server.resourceTemplate(
      'a://t/{id}',
      { name: 't', list: () => ['2', '3', '4'].map((id) => ({ uri: `a://t/${id}`, name: id })) },
      () => '',
    );
    server.resource('a://5', { name: '5' }, () => '');
    const h = await connect(server);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 5; i++) {
      const page = await h.request('resources/list', cursor === undefined ? {} : { cursor });
      seen.push(...names(page, 'resources'));
      cursor = page.nextCursor as string | undefined;
      if (cursor === undefined) break;
    }
    expect(seen).toEqual(['1', '2', '3', '4', '5']);
  });

  it('rejects a bad cursor with -32602', async () => {
    const server = new McpServer({ name: 't', version: '1' }, { pageSize: 1 });
    server.tool('a', {}, () => '');
    server.tool('b', {}, () => '');
    server.prompt('p', {}, () => '');
    const h = await connect(server);
    for (const cursor of ['garbage!!', btoa('mcpkit1:tools/list:x:y'), 'bm90LW91cnM=']) {
      const error = (await h.request('tools/list', { cursor }).catch((e: unknown) => e)) as JsonRpcError;
      expect(error.code, cursor).toBe(-32602);
      expect(error.message).toMatch(/^Invalid cursor for tools\/list/);
    }
    const toolsCursor = (await h.request('tools/list')).nextCursor as string;
    const wrongList = (await h
      .request('prompts/list', { cursor: toolsCursor })
      .catch((e: unknown) => e)) as JsonRpcError;
    expect(wrongList.message).toMatch(/it belongs to tools\/list/);
  });
});

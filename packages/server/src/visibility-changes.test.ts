// Per-caller visibility: predicates that change, fail, read `_meta`; the announcements; the scope helper.
import { describe, expect, it } from 'vitest';
import type { ErrorInfo } from './core/core.js';
import type { RequestContext } from './core/request-context.js';
import { type CallerContext, visibleWithScopes } from './registry/visibility.js';
import { McpServer } from './server.js';
import { connect, settle } from './test-helpers/harness.js';

const STATELESS_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** A context as a transport would build it, with `_meta` as received. */
function context(
  protocolVersion: string,
  fields: Partial<RequestContext> = {},
  sent: { method: string; params: Record<string, unknown> }[] = [],
) {
  const controller = new AbortController();
  const ctx: RequestContext = {
    protocolVersion,
    clientCapabilities: {},
    signal: controller.signal,
    requestId: 1,
    sendNotification: async (method, params) => void sent.push({ method, params }),
    requestInput: async () => ({}),
    ...fields,
  };
  return { ctx, cancel: () => controller.abort() };
}

async function toolNames(server: McpServer, ctx: RequestContext, params: Record<string, unknown> = {}) {
  const outcome = await server.handle({ method: 'tools/list', params }, ctx);
  if (outcome.type !== 'result') throw new Error(`tools/list failed: ${JSON.stringify(outcome)}`);
  return (outcome.result.tools as { name: string }[]).map((tool) => tool.name);
}

describe('visibility predicates', () => {
  it("see the request's _meta, session, client and auth info (a copy, never the context itself)", async () => {
    const seen: CallerContext[] = [];
    const server = new McpServer({ name: 't', version: '1' });
    server.tool('open', {}, () => '');
    server.tool(
      'pro',
      {
        visible: (caller) => {
          seen.push(caller);
          return caller._meta?.['example.com/tier'] === 'pro';
        },
      },
      () => '',
    );
    const authInfo = { token: 't', clientId: 'c', scopes: ['a'] };
    const { ctx } = context('2025-11-25', {
      _meta: { 'example.com/tier': 'pro' },
      sessionId: 's1',
      clientInfo: { name: 'app', version: '2' },
      authInfo,
    });
    expect(await toolNames(server, ctx)).toEqual(['open', 'pro']);
    expect(await toolNames(server, context('2025-11-25').ctx)).toEqual(['open']);
    expect(seen[0]).toEqual({
      protocolVersion: '2025-11-25',
      _meta: { 'example.com/tier': 'pro' },
      sessionId: 's1',
      clientInfo: { name: 'app', version: '2' },
      authInfo,
    });
    expect(Object.isFrozen(seen[0])).toBe(true);
    expect('sendNotification' in seen[0]!).toBe(false);
  });

  it('hide their item when they throw, and report it to onerror', async () => {
    const errors: [Error, ErrorInfo][] = [];
    const server = new McpServer(
      { name: 't', version: '1' },
      { onerror: (error, info) => void errors.push([error, info]) },
    );
    server.tool(
      'fragile',
      {
        visible: () => {
          throw new Error('role lookup failed');
        },
      },
      () => '',
    );
    expect(await toolNames(server, context('2025-11-25').ctx)).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]![0].message).toBe('The visible predicate of "fragile" threw; hidden from this caller');
    expect((errors[0]![0].cause as Error).message).toBe('role lookup failed');
    expect(errors[0]![1]).toEqual({ name: 'fragile' });
  });

  it('change with update({ visible }) and go with update({ visible: null }) or remove()', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    const tool = server.tool('t', {}, () => '');
    const { ctx } = context('2025-11-25');
    expect(server.tools.hasPredicates).toBe(false);
    tool.update({ visible: () => false });
    expect(server.tools.hasPredicates).toBe(true);
    expect(await toolNames(server, ctx)).toEqual([]);
    tool.update({ visible: null });
    expect(server.tools.hasPredicates).toBe(false);
    expect(await toolNames(server, ctx)).toEqual(['t']);
    const prompt = server.prompt('p', { visible: () => false }, () => '');
    expect(server.prompts.hasPredicates).toBe(true);
    prompt.remove();
    expect(server.prompts.hasPredicates).toBe(false);
  });

  it('on a read, run only for the resource or template that would answer it', async () => {
    const asked: string[] = [];
    const server = new McpServer({ name: 't', version: '1' });
    const ask = (key: string) => () => {
      asked.push(key);
      return true;
    };
    server.resource('file:///a', { name: 'a', visible: ask('file:///a') }, () => 'a');
    server.resourceTemplate('notes://{id}', { name: 'notes', visible: ask('notes') }, () => 'note');
    server.resourceTemplate('files://{id}', { name: 'files', visible: ask('files') }, () => 'file');
    const outcome = await server.handle(
      { method: 'resources/read', params: { uri: 'files://1' } },
      context('2025-11-25').ctx,
    );
    expect(outcome).toMatchObject({ type: 'result', result: { contents: [{ text: 'file' }] } });
    expect(asked).toEqual(['files']);
  });

  it('must be functions: a wrong one fails registration, and an update with one changes nothing', () => {
    const server = new McpServer({ name: 't', version: '1' });
    expect(() => server.tool('t', { visible: true as never }, () => '')).toThrow(
      new TypeError(
        'Invalid visible option of tool "t": expected a function (caller) => boolean, got boolean',
      ),
    );
    expect(() => server.resource('file:///x', { name: 'x', visible: 'admins' as never }, () => '')).toThrow(
      'Invalid visible option of resource "file:///x"',
    );
    const tool = server.tool('u', { title: 'Before' }, () => '');
    expect(() => tool.update({ title: 'After', visible: 1 as never })).toThrow(
      'Invalid visible option of tool "u"',
    );
    expect(server.tools.get('u')!.definition.title).toBe('Before');
    expect(server.tools.hasPredicates).toBe(false);
  });

  it('make 2026-07-28 list and read results private to the cache even when the server says public', async () => {
    const server = new McpServer(
      { name: 't', version: '1' },
      { cacheHints: { ttlMs: 60_000, cacheScope: 'public' } },
    );
    server.tool('open', {}, () => '');
    server.resource('file:///mine', { name: 'mine', visible: () => true }, () => 'x');
    server.prompt('p', {}, () => '');
    const { ctx } = context('2026-07-28');
    const answer = async (method: string, params: Record<string, unknown> = {}) => {
      const outcome = await server.handle({ method, params: { _meta: STATELESS_META, ...params } }, ctx);
      return outcome.type === 'result' ? outcome.result.cacheScope : outcome;
    };
    expect(await answer('tools/list')).toBe('public');
    expect(await answer('prompts/list')).toBe('public');
    expect(await answer('resources/list')).toBe('private');
    expect(await answer('resources/read', { uri: 'file:///mine' })).toBe('private');
  });
});

describe('McpServer.visibilityChanged', () => {
  function roleServer(admins: Set<string>) {
    const server = new McpServer({ name: 't', version: '1' });
    const isAdmin = (caller: CallerContext) => admins.has(caller.clientInfo?.name ?? '');
    server.tool('admin', { visible: isAdmin }, () => '');
    server.resourceTemplate('admin://{id}', { name: 'admin', visible: isAdmin }, () => '');
    server.prompt('greet', {}, () => 'hi');
    return server;
  }

  it('tells every session the lists with predicates changed (only those), and they then list anew', async () => {
    const admins = new Set<string>();
    const server = roleServer(admins);
    const alice = await connect(server, { clientInfo: { name: 'alice', version: '1' } });
    const bob = await connect(server, { clientInfo: { name: 'bob', version: '1' } });
    expect(await alice.request('tools/list', {})).toEqual({ tools: [] });
    admins.add('alice');
    server.visibilityChanged();
    await settle();
    for (const harness of [alice, bob]) {
      expect(harness.notifications.map((n) => n.method)).toEqual([
        'notifications/tools/list_changed',
        'notifications/resources/list_changed',
      ]);
    }
    expect(await alice.request('tools/list', {})).toMatchObject({ tools: [{ name: 'admin' }] });
    expect(await bob.request('tools/list', {})).toEqual({ tools: [] });
  });

  it('tells only the sessions given, and the subscriptions/listen streams (which have no session)', async () => {
    const server = roleServer(new Set());
    const alice = await connect(server, { clientInfo: { name: 'alice', version: '1' } });
    const bob = await connect(server, { clientInfo: { name: 'bob', version: '1' } });
    const sent: { method: string; params: Record<string, unknown> }[] = [];
    const { ctx, cancel } = context('2026-07-28', { requestId: 9 }, sent);
    const listening = server.handle(
      {
        method: 'subscriptions/listen',
        params: {
          _meta: STATELESS_META,
          notifications: { toolsListChanged: true, promptsListChanged: true },
        },
      },
      ctx,
    );
    await settle();
    // The session as the server holds it (the harness types it loosely).
    server.visibilityChanged([...server.sessions].filter((session) => session === alice.session));
    await settle();
    expect(alice.notifications.map((n) => n.method)).toEqual([
      'notifications/tools/list_changed',
      'notifications/resources/list_changed',
    ]);
    expect(bob.notifications).toEqual([]);
    expect(sent.map((message) => message.method)).toEqual([
      'notifications/subscriptions/acknowledged',
      'notifications/tools/list_changed',
    ]);
    cancel();
    expect((await listening).type).toBe('result');
  });

  it('sends nothing when no registration has a predicate', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    server.tool('t', {}, () => '');
    const harness = await connect(server);
    server.visibilityChanged();
    await settle();
    expect(harness.notifications).toEqual([]);
  });
});

describe('visibleWithScopes', () => {
  const caller = (scopes?: string[]): CallerContext => ({
    protocolVersion: '2025-11-25',
    ...(scopes ? { authInfo: { token: 't', clientId: 'c', scopes } } : {}),
  });

  it('shows an item to callers whose token has every scope named', () => {
    const visible = visibleWithScopes('files:read', 'files:write');
    expect(visible(caller(['files:read', 'files:write', 'other']))).toBe(true);
    expect(visible(caller(['files:read']))).toBe(false);
    expect(visible(caller([]))).toBe(false);
    expect(visible(caller())).toBe(false);
  });

  it('needs a scope', () => {
    expect(() => visibleWithScopes()).toThrow(
      new TypeError('visibleWithScopes needs at least one scope (without one, leave `visible` unset)'),
    );
  });
});

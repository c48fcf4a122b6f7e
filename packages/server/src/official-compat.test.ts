import { type JSONObject, setJsonSchemaValidatorFactory } from '@mcpkit/protocol';
import { jsonSchemaValidator } from '@mcpkit/protocol/json-schema';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { OfficialHandlerExtra } from './compat/official-extra.js';
import { McpServer, ResourceTemplate } from './official-sdk.js';
import { connect } from './test-helpers/harness.js';

// registerTool / registerResource / registerPrompt as code written for the official SDK calls them:
// callbacks get `(args, extra)` or `(extra)`, resources a URL, and handles have the official shape.

const auth = { token: 't', clientId: 'c', scopes: ['read'] };

describe('registerTool', () => {
  it('passes (args, extra) with an inputSchema and returns the CallToolResult as given', async () => {
    const server = new McpServer({ name: 's', version: '1' });
    let seen: OfficialHandlerExtra | undefined;
    server.registerTool(
      'add',
      {
        title: 'Add',
        description: 'Adds',
        inputSchema: { a: z.number(), b: z.number() },
        outputSchema: { sum: z.number() },
        annotations: { readOnlyHint: true },
        _meta: { ui: { resourceUri: 'ui://add/view.html' } },
      },
      async ({ a, b }, extra) => {
        seen = extra;
        await extra.sendNotification({ method: 'notifications/progress', params: { progress: 1, total: 2 } });
        return { content: [{ type: 'text', text: String(a + b) }], structuredContent: { sum: a + b } };
      },
    );
    const { request, waitFor } = await connect(server, { authInfo: auth });
    const { tools } = await request('tools/list');
    expect(tools).toEqual([
      {
        name: 'add',
        title: 'Add',
        description: 'Adds',
        inputSchema: expect.objectContaining({ type: 'object', required: ['a', 'b'] }),
        outputSchema: expect.objectContaining({ type: 'object', required: ['sum'] }),
        annotations: { readOnlyHint: true },
        _meta: { ui: { resourceUri: 'ui://add/view.html' } },
      },
    ]);
    const result = await request('tools/call', {
      name: 'add',
      arguments: { a: 2, b: 3 },
      _meta: { progressToken: 'p1' },
    });
    expect(result).toEqual({ content: [{ type: 'text', text: '5' }], structuredContent: { sum: 5 } });
    expect(await waitFor('notifications/progress')).toEqual({ progressToken: 'p1', progress: 1, total: 2 });
    expect(seen?.signal).toBeInstanceOf(AbortSignal);
    expect(seen?.requestId).toEqual(expect.any(Number));
    expect(seen?.mcpReq.id).toBe(seen?.requestId);
    expect(seen?.mcpReq.method).toBe('tools/call');
    expect(seen?.authInfo).toEqual(auth);
    expect(seen?.http).toEqual({ authInfo: auth });
    expect(seen?.ctx.protocolVersion).toBe('2025-11-25');
  });

  it('passes (extra) alone without an inputSchema, as the official SDK does', async () => {
    const server = new McpServer({ name: 's', version: '1' });
    const calls: unknown[][] = [];
    server.registerTool('ping', { description: 'Pings' }, (...args: unknown[]) => {
      calls.push(args);
      return { content: [{ type: 'text', text: 'pong' }] };
    });
    const { request } = await connect(server);
    expect(await request('tools/call', { name: 'ping', arguments: { ignored: 1 } })).toEqual({
      content: [{ type: 'text', text: 'pong' }],
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toHaveLength(1);
    expect((calls[0]![0] as OfficialHandlerExtra).mcpReq.method).toBe('tools/call');
  });

  it('logs through extra.sendNotification at the client log level, and refuses other methods by name', async () => {
    const server = new McpServer({ name: 's', version: '1' });
    server.registerTool('log', {}, async (extra) => {
      await extra.sendNotification({
        method: 'notifications/message',
        params: { level: 'info', data: 'hi' },
      });
      await extra.sendNotification({ method: 'notifications/tools/list_changed' });
      return { content: [] };
    });
    const { request, waitFor } = await connect(server);
    const result = await request('tools/call', { name: 'log' });
    expect(await waitFor('notifications/message')).toEqual({ level: 'info', data: 'hi' });
    expect(result).toEqual({
      content: [
        {
          type: 'text',
          text:
            "sendNotification('notifications/tools/list_changed') is not available in mcpkit's official-SDK aliases: " +
            'only notifications/message and notifications/progress are (server-wide notifications go through ' +
            'McpServer: notifyListChanged, notifyResourceUpdated)',
        },
      ],
      isError: true,
    });
  });

  it('asks the client through extra.sendRequest (sampling), parsing with the given result schema', async () => {
    const server = new McpServer({ name: 's', version: '1' });
    server.registerTool('ask', { inputSchema: z.object({ q: z.string() }) }, async ({ q }, extra) => {
      const answer = await extra.sendRequest(
        {
          method: 'sampling/createMessage',
          params: { messages: [{ role: 'user', content: { type: 'text', text: q } }], maxTokens: 10 },
        },
        z.object({ content: z.object({ text: z.string() }) }),
      );
      return { content: [{ type: 'text', text: answer.content.text }] };
    });
    const { request } = await connect(server, {
      capabilities: { sampling: {} },
      handlers: {
        'sampling/createMessage': (params) => ({
          role: 'assistant',
          model: 'm',
          content: { type: 'text', text: `echo ${JSON.stringify((params as JSONObject).maxTokens)}` },
        }),
      },
    });
    expect(await request('tools/call', { name: 'ask', arguments: { q: 'why' } })).toEqual({
      content: [{ type: 'text', text: 'echo 10' }],
    });
  });

  it('elicits through the v2 mcpReq.elicitInput, answered by the client', async () => {
    const server = new McpServer({ name: 's', version: '1' });
    server.registerTool('confirm', {}, async (extra) => {
      const answer = await extra.mcpReq.elicitInput({
        message: 'Sure?',
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
      });
      return { content: [{ type: 'text', text: JSON.stringify(answer) }] };
    });
    setJsonSchemaValidatorFactory(jsonSchemaValidator);
    try {
      const { request } = await connect(server, {
        capabilities: { elicitation: {} },
        handlers: { 'elicitation/create': () => ({ action: 'accept', content: { ok: true } }) },
      });
      expect(await request('tools/call', { name: 'confirm' })).toEqual({
        content: [{ type: 'text', text: '{"action":"accept","content":{"ok":true}}' }],
      });
    } finally {
      setJsonSchemaValidatorFactory(undefined);
    }
  });

  it('returns the official handle: enabled, disable/enable, update (callback, schema, name: null removes)', async () => {
    const server = new McpServer({ name: 's', version: '1' });
    const tool = server.registerTool('t', {}, () => ({ content: [{ type: 'text', text: 'v1' }] }));
    const { request } = await connect(server);
    const names = async () => ((await request('tools/list')).tools as { name: string }[]).map((t) => t.name);
    expect(tool.enabled).toBe(true);
    tool.disable();
    expect(tool.enabled).toBe(false);
    expect(await names()).toEqual([]);
    tool.update({
      title: 'T',
      paramsSchema: { n: z.number() },
      callback: ({ n }: { n: number }) => ({ content: [{ type: 'text', text: `v2 ${n}` }] }),
      enabled: true,
    });
    expect(tool.enabled).toBe(true);
    expect(await request('tools/call', { name: 't', arguments: { n: 4 } })).toEqual({
      content: [{ type: 'text', text: 'v2 4' }],
    });
    expect(await request('tools/call', { name: 't', arguments: { n: 'x' } })).toMatchObject({
      isError: true,
    });
    tool.update({ name: 'renamed' });
    expect(tool.handle.key).toBe('renamed');
    tool.update({ name: null });
    expect(tool.handle.removed).toBe(true);
    expect(server.tools.size).toBe(0);
  });

  it("names a field type written as a string ('number') instead of asking for a JSON Schema validator", () => {
    const server = new McpServer({ name: 's', version: '1' });
    const message =
      "tool 'add' inputSchema: 'number' at n is not a schema: expected a zod schema, a Standard Schema " +
      'or a JSON Schema object with type: "object"';
    expect(() => server.tool('add', { inputSchema: { n: 'number' } }, () => '')).toThrow(
      new TypeError(message),
    );
    expect(() =>
      server.registerTool('add', { inputSchema: { n: 'number' } }, () => ({ content: [] })),
    ).toThrow(new TypeError(message));
  });

  it('refuses options of the official SDK v2 that mcpkit serves elsewhere, naming them', () => {
    const server = new McpServer({ name: 's', version: '1' });
    const config = { scopeChallenge: () => undefined } as object;
    expect(() => server.registerTool('t', config, () => ({ content: [] }))).toThrow(
      new TypeError(
        "registerTool('t'): option 'scopeChallenge' is not supported; use per-tool scopes of @mcpkit/auth-server's resource server",
      ),
    );
  });
});

describe('registerResource', () => {
  it('reads a fixed URI with the URI as a URL, and lists its metadata under its name', async () => {
    const server = new McpServer({ name: 's', version: '1' });
    const seen: unknown[] = [];
    server.registerResource(
      'config',
      'config://app/settings',
      { title: 'Config', mimeType: 'application/json', _meta: { a: 1 } },
      async (uri, extra) => {
        seen.push(uri, extra.mcpReq.method);
        return { contents: [{ uri: uri.href, text: '{}' }] };
      },
    );
    const { request } = await connect(server);
    expect(await request('resources/list')).toEqual({
      resources: [
        {
          uri: 'config://app/settings',
          name: 'config',
          title: 'Config',
          mimeType: 'application/json',
          _meta: { a: 1 },
        },
      ],
    });
    expect(await request('resources/read', { uri: 'config://app/settings' })).toEqual({
      contents: [{ uri: 'config://app/settings', mimeType: 'application/json', text: '{}' }],
    });
    expect(seen[0]).toBeInstanceOf(URL);
    expect((seen[0] as URL).protocol).toBe('config:');
    expect(seen[1]).toBe('resources/read');
  });

  it('updates a fixed resource the official way: new URI and callback, uri: null removes it', async () => {
    const server = new McpServer({ name: 's', version: '1' });
    const resource = server.registerResource('a', 'note://a', {}, (uri) => ({
      contents: [{ uri: uri.href, text: 'old' }],
    }));
    const { request } = await connect(server);
    resource.update({
      uri: 'note://b',
      callback: (uri: URL) => ({ contents: [{ uri: uri.href, text: 'new' }] }),
    });
    expect(resource.handle.key).toBe('note://b');
    expect(await request('resources/read', { uri: 'note://b' })).toEqual({
      contents: [{ uri: 'note://b', text: 'new' }],
    });
    expect(() => resource.update({ uri: 'b' })).toThrow(
      `update of resource 'a': "b" is not an absolute URI (expected e.g. 'ui://app/view.html')`,
    );
    resource.update({ uri: null });
    expect(resource.handle.removed).toBe(true);
  });

  it('refuses a URI that is not absolute when registering, naming it', () => {
    const server = new McpServer({ name: 's', version: '1' });
    expect(() => server.registerResource('r', 'settings.json', {}, () => ({ contents: [] }))).toThrow(
      "registerResource('r'): \"settings.json\" is not an absolute URI (expected e.g. 'ui://app/view.html')",
    );
  });

  it('serves a ResourceTemplate: variables, list over the template metadata, completions', async () => {
    const server = new McpServer({ name: 's', version: '1' });
    const template = new ResourceTemplate('users://{id}/profile', {
      list: async () => ({ resources: [{ uri: 'users://1/profile', name: 'Ada' }] }),
      complete: { id: (value) => ['1', '2', '10'].filter((id) => id.startsWith(value)) },
    });
    const handle = server.registerResource(
      'profile',
      template,
      { mimeType: 'text/plain' },
      (uri, variables) => ({ contents: [{ uri: uri.href, text: `user ${variables.id}` }] }),
    );
    const { request } = await connect(server);
    expect(await request('resources/list')).toEqual({
      resources: [{ uri: 'users://1/profile', name: 'Ada', mimeType: 'text/plain' }],
    });
    expect(await request('resources/templates/list')).toEqual({
      resourceTemplates: [{ uriTemplate: 'users://{id}/profile', name: 'profile', mimeType: 'text/plain' }],
    });
    expect(await request('resources/read', { uri: 'users://2/profile' })).toEqual({
      contents: [{ uri: 'users://2/profile', mimeType: 'text/plain', text: 'user 2' }],
    });
    const completion = await request('completion/complete', {
      ref: { type: 'ref/resource', uri: 'users://{id}/profile' },
      argument: { name: 'id', value: '1' },
    });
    expect(completion.completion).toMatchObject({ values: ['1', '10'] });
    expect(handle.resourceTemplate).toBe(template);
    handle.update({ name: null });
    expect(handle.handle.removed).toBe(true);
    expect(server.templates.size).toBe(0);
  });
});

describe('registerPrompt', () => {
  it('passes (args, extra) with an argsSchema and (extra) without one', async () => {
    const server = new McpServer({ name: 's', version: '1' });
    server.registerPrompt(
      'review',
      { title: 'Review', description: 'Reviews code', argsSchema: { code: z.string() } },
      ({ code }, extra) => ({
        messages: [{ role: 'user', content: { type: 'text', text: `${extra.mcpReq.method}: ${code}` } }],
      }),
    );
    const prompt = server.registerPrompt('hello', {}, (extra) => ({
      messages: [{ role: 'user', content: { type: 'text', text: typeof extra.signal } }],
    }));
    const { request } = await connect(server);
    expect((await request('prompts/list')).prompts).toEqual([
      {
        name: 'review',
        title: 'Review',
        description: 'Reviews code',
        arguments: [{ name: 'code', required: true }],
      },
      { name: 'hello' },
    ]);
    expect(await request('prompts/get', { name: 'review', arguments: { code: 'x()' } })).toEqual({
      messages: [{ role: 'user', content: { type: 'text', text: 'prompts/get: x()' } }],
    });
    expect(await request('prompts/get', { name: 'hello' })).toEqual({
      messages: [{ role: 'user', content: { type: 'text', text: 'object' } }],
    });
    prompt.update({ description: 'Says hello', enabled: false });
    expect(prompt.enabled).toBe(false);
    expect((await request('prompts/list')).prompts).toHaveLength(1);
  });
});

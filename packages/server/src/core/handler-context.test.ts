import { JsonRpcError } from '@mcpkit/jsonrpc';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer } from '../server.js';
import { connect, settle } from '../test-helpers/harness.js';

const text = (result: Record<string, unknown>) => (result.content as { text: string }[])[0]!.text;

describe('ctx.progress', () => {
  function progressServer() {
    const server = new McpServer({ name: 't', version: '1' });
    server.tool('work', {}, async (_args, ctx) => {
      for (const step of [0, 50, 100]) await ctx.progress(step, 100, `step ${step}`);
      return 'done';
    });
    return server;
  }

  it('sends progress only when the request carried a token', async () => {
    const h = await connect(progressServer());
    const updates: unknown[] = [];
    await h.client.request('tools/call', { name: 'work' }, { onprogress: (p) => updates.push(p) });
    expect(updates).toEqual([
      { progress: 0, total: 100, message: 'step 0' },
      { progress: 50, total: 100, message: 'step 50' },
      { progress: 100, total: 100, message: 'step 100' },
    ]);
    await h.request('tools/call', { name: 'work' });
    await settle();
    expect(h.notifications.filter((n) => n.method === 'notifications/progress')).toEqual([]);
  });

  it('works when the handler destructures ctx', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    server.tool('destructured', {}, async (_args, { progress, log, signal, client }) => {
      await progress(1, 2);
      await log.info('halfway');
      await progress(2, 2);
      return `${signal.aborted} ${client.protocolVersion}`;
    });
    const h = await connect(server);
    await h.request('logging/setLevel', { level: 'info' });
    const updates: unknown[] = [];
    const result = await h.client.request(
      'tools/call',
      { name: 'destructured' },
      { onprogress: (p) => updates.push(p.progress) },
    );
    expect(text(result)).toBe('false 2025-11-25');
    expect(updates).toEqual([1, 2]);
    await settle();
    expect(h.notifications.filter((n) => n.method === 'notifications/message')).toHaveLength(1);
  });

  it('refuses progress that does not increase', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    server.tool('backwards', {}, async (_args, ctx) => {
      await ctx.progress(10);
      await ctx.progress(5);
      return 'unreachable';
    });
    const h = await connect(server);
    const result = await h.client.request('tools/call', { name: 'backwards' }, { onprogress: () => {} });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('ctx.progress(5) must be greater than the previous value 10');
  });

  it('drops the progress message for 2024-11-05', async () => {
    const h = await connect(progressServer(), { protocolVersion: '2024-11-05' });
    const updates: unknown[] = [];
    await h.client.request('tools/call', { name: 'work' }, { onprogress: (p) => updates.push(p) });
    expect(updates[0]).toEqual({ progress: 0, total: 100 });
  });
});

describe('ctx.log', () => {
  it('sends request-scoped notifications/message honouring logging/setLevel', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    server.tool('noisy', {}, async (_args, ctx) => {
      await ctx.log.debug('debug detail');
      await ctx.log.info({ step: 'started' }, 'worker');
      await ctx.log.error('broken');
      return 'ok';
    });
    const h = await connect(server);
    await h.request('tools/call', { name: 'noisy' });
    await settle();
    expect(h.notifications.filter((n) => n.method === 'notifications/message').map((n) => n.params)).toEqual([
      { level: 'debug', data: 'debug detail' },
      { level: 'info', data: { step: 'started' }, logger: 'worker' },
      { level: 'error', data: 'broken' },
    ]);
    h.notifications.length = 0;
    await h.request('logging/setLevel', { level: 'warning' });
    await h.request('tools/call', { name: 'noisy' });
    await settle();
    expect(h.notifications.map((n) => n.params)).toEqual([{ level: 'error', data: 'broken' }]);
    const bad = (await h
      .request('logging/setLevel', { level: 'loud' })
      .catch((e: unknown) => e)) as JsonRpcError;
    expect(bad.code).toBe(-32602);
    expect(bad.message).toMatch(
      /^Invalid params for 'logging\/setLevel': params\.level: expected one of "debug"/,
    );
  });

  it('sends nothing when the logging capability is turned off', async () => {
    const server = new McpServer({ name: 't', version: '1' }, { capabilities: { logging: false } });
    server.tool('noisy', {}, async (_args, ctx) => {
      await ctx.log.emergency('ignored');
      return 'ok';
    });
    const h = await connect(server);
    await h.request('tools/call', { name: 'noisy' });
    await h.session.log('emergency', 'ignored too');
    await settle();
    expect(h.notifications).toEqual([]);
    expect(
      ((await h.request('logging/setLevel', { level: 'info' }).catch((e: unknown) => e)) as JsonRpcError)
        .code,
    ).toBe(-32601);
  });

  it('sends session-wide log messages', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    const h = await connect(server);
    await h.session.log('notice', 'hello');
    expect(await h.waitFor('notifications/message')).toEqual({ level: 'notice', data: 'hello' });
  });
});

describe('ctx.elicit', () => {
  function elicitServer() {
    const server = new McpServer({ name: 't', version: '1' });
    server.tool('ask', { inputSchema: { message: z.string() } }, async ({ message }, ctx) => {
      const answer = await ctx.elicit(
        message,
        z.object({ name: z.string(), age: z.number().int().default(30) }),
      );
      if (answer.action !== 'accept') return `User ${answer.action}d`;
      const { name, age } = answer.content; // typed from the schema
      return `User response: ${name} (${age.toFixed(0)})`;
    });
    return server;
  }

  it('sends a form elicitation and returns typed, validated content', async () => {
    const seen: unknown[] = [];
    const h = await connect(elicitServer(), {
      capabilities: { elicitation: {} },
      handlers: {
        'elicitation/create': (params) => {
          seen.push(params);
          return { action: 'accept', content: { name: 'Ada' } };
        },
      },
    });
    expect(text(await h.request('tools/call', { name: 'ask', arguments: { message: 'Who?' } }))).toBe(
      'User response: Ada (30)',
    );
    expect(seen).toEqual([
      {
        mode: 'form',
        message: 'Who?',
        requestedSchema: {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'object',
          properties: {
            name: { type: 'string' },
            age: { type: 'integer', default: 30, minimum: expect.any(Number), maximum: expect.any(Number) },
          },
          required: ['name'],
        },
      },
    ]);
  });

  it('reports declined elicitation and content that breaks the schema', async () => {
    let answer: Record<string, unknown> = { action: 'decline' };
    const h = await connect(elicitServer(), {
      protocolVersion: '2025-06-18',
      capabilities: { elicitation: {} },
      handlers: { 'elicitation/create': () => answer },
    });
    expect(text(await h.request('tools/call', { name: 'ask', arguments: { message: 'Who?' } }))).toBe(
      'User declined',
    );
    answer = { action: 'accept', content: { name: 7 } };
    const bad = await h.request('tools/call', { name: 'ask', arguments: { message: 'Who?' } });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/^The user's elicitation answer does not match the requested schema: name: /);
  });

  it('refuses without the client capability or before 2025-06-18', async () => {
    const noCap = await connect(elicitServer());
    const result = await noCap.request('tools/call', { name: 'ask', arguments: { message: 'Who?' } });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(
      'Form elicitation (ctx.elicit) needs the client capability elicitation.form, which this client did not declare',
    );
    const old = await connect(elicitServer(), {
      protocolVersion: '2025-03-26',
      capabilities: { elicitation: {} },
    });
    expect(text(await old.request('tools/call', { name: 'ask', arguments: { message: 'Who?' } }))).toBe(
      'Elicitation needs protocol revision 2025-06-18 or newer; this session speaks 2025-03-26',
    );
  });

  it('sends URL elicitations with an id and the completion notification', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    server.tool('login', {}, async (_args, ctx) => {
      const result = await ctx.elicitUrl('Sign in', 'https://example.com/login', { elicitationId: 'e-1' });
      return `${result.action}:${result.elicitationId}`;
    });
    const seen: unknown[] = [];
    const h = await connect(server, {
      capabilities: { elicitation: { url: {} } },
      handlers: {
        'elicitation/create': (params) => {
          seen.push(params);
          return { action: 'accept' };
        },
      },
    });
    expect(text(await h.request('tools/call', { name: 'login' }))).toBe('accept:e-1');
    expect(seen).toEqual([
      { mode: 'url', message: 'Sign in', url: 'https://example.com/login', elicitationId: 'e-1' },
    ]);
    await h.session.sendElicitationComplete('e-1');
    expect(await h.waitFor('notifications/elicitation/complete')).toEqual({ elicitationId: 'e-1' });
    // A form-only client cannot do URL mode.
    const formOnly = await connect(server, { capabilities: { elicitation: {} } });
    expect(text(await formOnly.request('tools/call', { name: 'login' }))).toMatch(/elicitation\.url/);
  });
});

describe('ctx.sample and ctx.listRoots', () => {
  it('asks the client model and its roots', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    server.tool('test_sampling', { inputSchema: { prompt: z.string() } }, async ({ prompt }, ctx) => {
      const reply = await ctx.sample({
        messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
        maxTokens: 100,
      });
      const roots = await ctx.listRoots();
      const content = Array.isArray(reply.content) ? reply.content[0] : reply.content;
      return `LLM response: ${content?.type === 'text' ? content.text : '?'}; roots: ${roots.map((r) => r.uri).join(',')}`;
    });
    const h = await connect(server, {
      capabilities: { sampling: {}, roots: {} },
      handlers: {
        'sampling/createMessage': (params) => {
          expect(params).toMatchObject({ maxTokens: 100 });
          return { role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'm' };
        },
        'roots/list': () => ({ roots: [{ uri: 'file:///a' }, { uri: 'file:///b' }] }),
      },
    });
    expect(
      text(await h.request('tools/call', { name: 'test_sampling', arguments: { prompt: 'Capital?' } })),
    ).toBe('LLM response: Paris; roots: file:///a,file:///b');
  });

  it('checks sampling.context for includeContext from 2025-11-25 on', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    server.tool('s', {}, async (_args, ctx) => {
      const reply = await ctx.sample({ messages: [], maxTokens: 1, includeContext: 'thisServer' });
      return reply.model;
    });
    const handlers = {
      'sampling/createMessage': () => ({
        role: 'assistant',
        content: { type: 'text', text: '' },
        model: 'm',
      }),
    };
    const strict = await connect(server, { capabilities: { sampling: {} }, handlers });
    expect(text(await strict.request('tools/call', { name: 's' }))).toBe(
      "Sampling with includeContext 'thisServer' needs the client capability sampling.context, which this client did not declare",
    );
    const older = await connect(server, {
      protocolVersion: '2025-06-18',
      capabilities: { sampling: {} },
      handlers,
    });
    expect(text(await older.request('tools/call', { name: 's' }))).toBe('m');
  });

  it('refuses without capabilities and rejects malformed answers', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    server.tool('s', {}, async (_args, ctx) =>
      JSON.stringify(await ctx.sample({ messages: [], maxTokens: 1 })),
    );
    server.tool('r', {}, async (_args, ctx) => JSON.stringify(await ctx.listRoots()));
    const none = await connect(server);
    expect(text(await none.request('tools/call', { name: 's' }))).toBe(
      'Sampling (ctx.sample) needs the client capability sampling, which this client did not declare',
    );
    expect(text(await none.request('tools/call', { name: 'r' }))).toBe(
      'Listing roots (ctx.listRoots) needs the client capability roots, which this client did not declare',
    );
    const broken = await connect(server, {
      capabilities: { roots: {} },
      handlers: { 'roots/list': () => ({ roots: 'nope' }) },
    });
    expect(text(await broken.request('tools/call', { name: 'r' }))).toMatch(
      /^The client's answer to roots\/list is malformed: roots: /,
    );
  });

  it('lets a session ask the client outside any request (roots list_changed hook)', async () => {
    const rootsSeen: string[][] = [];
    let done: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      done = resolve;
    });
    const server = new McpServer(
      { name: 't', version: '1' },
      {
        onRootsListChanged: async (session) => {
          const ctx = await session.context();
          rootsSeen.push((await ctx.listRoots()).map((root) => root.uri));
          done();
        },
      },
    );
    const h = await connect(server, {
      capabilities: { roots: { listChanged: true } },
      handlers: { 'roots/list': () => ({ roots: [{ uri: 'file:///w' }] }) },
    });
    await h.client.notify('notifications/roots/list_changed');
    await finished;
    expect(rootsSeen).toEqual([['file:///w']]);
  });
});

describe('cancellation, auth, client info and createContext', () => {
  it('aborts the handler signal when the client cancels', async () => {
    let aborted: unknown;
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const server = new McpServer({ name: 't', version: '1' });
    server.tool('slow', {}, (_args, ctx) => {
      started();
      return new Promise((resolve) => {
        ctx.signal.addEventListener('abort', () => {
          aborted = ctx.signal.reason;
          resolve('late');
        });
      });
    });
    const h = await connect(server);
    const controller = new AbortController();
    const call = h.client.request('tools/call', { name: 'slow' }, { signal: controller.signal });
    await running;
    controller.abort('user gave up');
    await expect(call).rejects.toThrow();
    await settle();
    expect(aborted).toBeInstanceOf(Error);
  });

  it('hands handlers auth info, client info and per-request state', async () => {
    let calls = 0;
    const server = new McpServer(
      { name: 't', version: '1' },
      { createContext: (base) => ({ user: base.auth?.clientId ?? 'anonymous', call: ++calls }) },
    );
    server.tool(
      'whoami',
      {},
      (_args, ctx) =>
        `${ctx.state.user} #${ctx.state.call} via ${ctx.client.info?.name} ${ctx.protocolVersion} scopes=${ctx.auth?.scopes.join(',')}`,
    );
    const h = await connect(server, {
      clientInfo: { name: 'inspector', version: '1' },
      authInfo: { token: 't', clientId: 'client-7', scopes: ['read', 'write'] },
    });
    expect(text(await h.request('tools/call', { name: 'whoami' }))).toBe(
      'client-7 #1 via inspector 2025-11-25 scopes=read,write',
    );
    expect(text(await h.request('tools/call', { name: 'whoami' }))).toBe(
      'client-7 #2 via inspector 2025-11-25 scopes=read,write',
    );
  });

  it('keeps url elicitation required (-32042) a protocol error', async () => {
    const { urlElicitationRequired } = await import('./errors.js');
    const server = new McpServer({ name: 't', version: '1' });
    server.tool('needs-auth', {}, () => {
      throw urlElicitationRequired([
        { message: 'Authorize', url: 'https://example.com/a', elicitationId: 'x' },
      ]);
    });
    const h = await connect(server);
    const error = (await h
      .request('tools/call', { name: 'needs-auth' })
      .catch((e: unknown) => e)) as JsonRpcError;
    expect(error).toBeInstanceOf(JsonRpcError);
    expect(error.code).toBe(-32042);
    expect(error.data).toEqual({
      elicitations: [{ mode: 'url', message: 'Authorize', url: 'https://example.com/a', elicitationId: 'x' }],
    });
  });
});

describe('ctx.client', () => {
  it('is one object per request, with info only when the client told it', async () => {
    const seen: unknown[] = [];
    const server = new McpServer({ name: 't', version: '1' });
    server.tool('who', {}, (_args, ctx) => {
      const first = ctx.client;
      seen.push(first === ctx.client, { ...first });
      return 'ok';
    });
    const h = await connect(server, { clientInfo: { name: 'c', version: '2' } });
    await h.request('tools/call', { name: 'who' });
    const base = {
      protocolVersion: '2025-11-25',
      clientCapabilities: { roots: {} },
      signal: new AbortController().signal,
      sendNotification: async () => {},
      requestInput: async () => ({}),
    };
    await server.handle({ method: 'tools/call', params: { name: 'who' } }, base);
    expect(seen).toEqual([
      true,
      { capabilities: {}, protocolVersion: '2025-11-25', info: { name: 'c', version: '2' } },
      true,
      { capabilities: { roots: {} }, protocolVersion: '2025-11-25' },
    ]);
    expect(Object.keys(seen[3] as object)).not.toContain('info');
  });
});

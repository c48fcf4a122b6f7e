import { JsonRpcError } from '@mcpkit/jsonrpc';
import type { ElicitRequestParams } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { McpClientErrorCode } from './errors.js';
import type { ServerRequestContext } from './server-requests.js';
import { connectPair } from './test-helpers/fake-server.js';

const SEP1034_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', default: 'John Doe' },
    age: { type: 'integer', default: 30 },
    score: { type: 'number', default: 95.5 },
    status: { type: 'string', enum: ['active', 'inactive', 'pending'], default: 'active' },
    verified: { type: 'boolean', default: true },
  },
  required: ['name'],
} as const;

describe('server-initiated requests', () => {
  it('answers sampling/createMessage through the sampling handler', async () => {
    const { server } = await connectPair(
      {},
      {
        sampling: (params) => ({
          role: 'assistant',
          content: { type: 'text', text: `LLM response: ${JSON.stringify(params.messages[0]?.content)}` },
          model: 'test-model',
          stopReason: 'endTurn',
        }),
      },
    );
    const result = await server.peer.request('sampling/createMessage', {
      messages: [{ role: 'user', content: { type: 'text', text: 'hello' } }],
      maxTokens: 100,
    });
    expect(result).toMatchObject({ role: 'assistant', model: 'test-model', stopReason: 'endTurn' });
  });

  it('rejects malformed sampling params with -32602 naming the path', async () => {
    const { server } = await connectPair(
      {},
      { sampling: () => ({ role: 'assistant', content: { type: 'text', text: '' }, model: 'm' }) },
    );
    const failure = (await server.peer
      .request('sampling/createMessage', { messages: [] })
      .catch((e: unknown) => e)) as JsonRpcError;
    expect(failure.code).toBe(-32602);
    expect(failure.message).toContain('params.maxTokens');
  });

  it('reports a handler that returns an invalid answer as -32603 instead of sending it', async () => {
    const { server } = await connectPair({}, { sampling: () => ({ role: 'robot' }) as never });
    const failure = (await server.peer
      .request('sampling/createMessage', { messages: [], maxTokens: 5 })
      .catch((e: unknown) => e)) as JsonRpcError;
    expect(failure.code).toBe(-32603);
    expect(failure.message).toMatch(/sampling\/createMessage handler returned an invalid answer/);
  });

  it('answers -32601 for questions whose capability was not declared', async () => {
    const { server } = await connectPair();
    const failure = (await server.peer.request('roots/list').catch((e: unknown) => e)) as JsonRpcError;
    expect(failure.code).toBe(-32601);
  });

  it('answers ping from the server', async () => {
    const { server } = await connectPair();
    expect(await server.peer.request('ping')).toEqual({});
  });

  it('validates an accepted form answer against requestedSchema', async () => {
    let answer: Record<string, unknown> = { name: 'Ada', age: 'old' };
    const { server } = await connectPair({}, {}, (client) =>
      client.setElicitationHandler(() => ({ action: 'accept', content: answer as never })),
    );
    const ask = () =>
      server.peer.request('elicitation/create', {
        message: 'Who are you?',
        requestedSchema: {
          type: 'object',
          properties: { name: { type: 'string', minLength: 2 }, age: { type: 'integer', minimum: 0 } },
          required: ['name'],
        },
      });
    const failure = (await ask().catch((e: unknown) => e)) as JsonRpcError;
    expect(failure).toBeInstanceOf(JsonRpcError);
    expect(failure.message).toMatch(/does not match the requested schema: .*\/age/);
    answer = { name: 'Ada', age: 36 };
    expect(await ask()).toEqual({ action: 'accept', content: { name: 'Ada', age: 36 } });
    answer = { age: 1 };
    await expect(ask()).rejects.toThrow(/name/);
  });

  it('applies schema defaults to missing fields when the handler asks (SEP-1034)', async () => {
    const seen: ElicitRequestParams[] = [];
    const contexts: ServerRequestContext[] = [];
    const { server } = await connectPair({}, {}, (client) =>
      client.setElicitationHandler(
        (params, ctx) => {
          seen.push(params);
          contexts.push(ctx);
          return { action: 'accept', content: { age: 41 } };
        },
        { applyDefaults: true },
      ),
    );
    const result = await server.peer.request('elicitation/create', {
      mode: 'form',
      message: 'Confirm your details',
      requestedSchema: SEP1034_SCHEMA,
    });
    expect(result).toEqual({
      action: 'accept',
      content: { name: 'John Doe', age: 41, score: 95.5, status: 'active', verified: true },
    });
    expect(seen[0]?.message).toBe('Confirm your details');
    expect(contexts[0]?.serverInfo).toEqual({ name: 'fake-server', version: '1.0.0' });
    expect(contexts[0]?.protocolVersion).toBe('2025-11-25');
  });

  it('accept with {} and applyDefaults yields every default (conformance elicitation-sep1034-client-defaults)', async () => {
    const { server } = await connectPair(
      {},
      { elicitation: { handler: () => ({ action: 'accept', content: {} }), applyDefaults: true } },
    );
    const initialize = server.requests('initialize')[0];
    expect(initialize?.params?.capabilities).toEqual({ elicitation: { form: { applyDefaults: true } } });
    const result = await server.peer.request('elicitation/create', {
      message: 'm',
      requestedSchema: SEP1034_SCHEMA,
    });
    expect(result).toEqual({
      action: 'accept',
      content: { name: 'John Doe', age: 30, score: 95.5, status: 'active', verified: true },
    });
  });

  it('leaves missing fields missing without applyDefaults, and strips content from a decline', async () => {
    let action: 'accept' | 'decline' = 'accept';
    const { server } = await connectPair({}, {}, (client) =>
      client.setElicitationHandler(() => ({ action, content: { name: 'Zed' } })),
    );
    const ask = () =>
      server.peer.request('elicitation/create', { message: 'm', requestedSchema: SEP1034_SCHEMA });
    expect(await ask()).toEqual({ action: 'accept', content: { name: 'Zed' } });
    action = 'decline';
    expect(await ask()).toEqual({ action: 'decline' });
  });

  it('serves URL mode only when declared, and reports elicitation completion', async () => {
    const completed: string[] = [];
    const urls: string[] = [];
    const { server } = await connectPair(
      {},
      { onElicitationComplete: (id) => void completed.push(id) },
      (client) =>
        client.setElicitationHandler(
          (params) => {
            if (params.mode === 'url') urls.push(params.url);
            return { action: 'accept', content: { leaked: 'no' } };
          },
          { modes: ['url'] },
        ),
    );
    expect(server.requests('initialize')[0]?.params?.capabilities).toEqual({ elicitation: { url: {} } });
    const result = await server.peer.request('elicitation/create', {
      mode: 'url',
      message: 'Sign in',
      url: 'https://auth.example/start',
      elicitationId: 'el-1',
    });
    expect(result).toEqual({ action: 'accept' });
    expect(urls).toEqual(['https://auth.example/start']);
    const form = (await server.peer
      .request('elicitation/create', { message: 'm', requestedSchema: SEP1034_SCHEMA })
      .catch((e: unknown) => e)) as JsonRpcError;
    expect(form.code).toBe(-32602);
    expect(form.message).toMatch(/mode 'form' is not supported.*declared modes: url/);
    await server.peer.notify('notifications/elicitation/complete', { elicitationId: 'el-1' });
    await expect.poll(() => completed).toEqual(['el-1']);
  });

  it('checks server questions against the negotiated revision (URL mode needs elicitationId in 2025-11-25)', async () => {
    const { server } = await connectPair({}, {}, (client) =>
      client.setElicitationHandler(() => ({ action: 'cancel' }), { modes: ['url'] }),
    );
    const failure = (await server.peer
      .request('elicitation/create', { mode: 'url', message: 'Sign in', url: 'https://a.example' })
      .catch((e: unknown) => e)) as JsonRpcError;
    expect(failure.code).toBe(-32602);
    expect(failure.message).toContain('elicitationId');
  });

  it('passes the cancellation signal to handlers', async () => {
    let aborted = false;
    const { server } = await connectPair(
      {},
      {
        sampling: (_params, ctx) =>
          new Promise((_resolve, reject) => {
            ctx.signal.addEventListener('abort', () => {
              aborted = true;
              reject(new Error('cancelled'));
            });
          }),
      },
    );
    const controller = new AbortController();
    const pending = server.peer.request(
      'sampling/createMessage',
      { messages: [], maxTokens: 1 },
      { signal: controller.signal },
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    await expect(pending).rejects.toThrow();
    await expect.poll(() => aborted).toBe(true);
  });
});

describe('roots', () => {
  it('answers roots/list and announces changes with notifications/roots/list_changed', async () => {
    const { client, server } = await connectPair({}, { roots: [{ uri: 'file:///a', name: 'A' }] });
    expect(await server.peer.request('roots/list')).toEqual({ roots: [{ uri: 'file:///a', name: 'A' }] });
    await client.setRoots([{ uri: 'file:///b' }]);
    await server.waitFor((m) => 'method' in m && m.method === 'notifications/roots/list_changed');
    expect(await server.peer.request('roots/list')).toEqual({ roots: [{ uri: 'file:///b' }] });
  });

  it('refuses to add a capability after connect, keeping the old handlers', async () => {
    const { client, server } = await connectPair();
    expect(() =>
      client.setSamplingHandler(() => ({
        role: 'assistant',
        content: { type: 'text', text: '' },
        model: 'm',
      })),
    ).toThrow(expect.objectContaining({ code: McpClientErrorCode.CapabilityChangeAfterConnect }));
    await expect(client.setRoots([{ uri: 'file:///x' }])).rejects.toMatchObject({
      code: McpClientErrorCode.CapabilityChangeAfterConnect,
    });
    await expect(client.sendRootsListChanged()).rejects.toMatchObject({
      code: McpClientErrorCode.CapabilityNotSupported,
    });
    const failure = (await server.peer.request('roots/list').catch((e: unknown) => e)) as JsonRpcError;
    expect(failure.code).toBe(-32601);
  });

  it('lets a handler be replaced after connect when the capability was declared', async () => {
    const { client, server } = await connectPair({}, {}, (c) =>
      c.setRootsHandler(() => [{ uri: 'file:///one' }]),
    );
    client.setRootsHandler(() => [{ uri: 'file:///two' }]);
    expect(await server.peer.request('roots/list')).toEqual({ roots: [{ uri: 'file:///two' }] });
  });
});

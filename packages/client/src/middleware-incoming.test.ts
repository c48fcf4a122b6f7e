import { JsonRpcError } from '@mcpkit/jsonrpc';
import type { JSONObject } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import type { ClientMiddlewareContext } from './middleware.js';
import { connectPair } from './test-helpers/fake-server.js';

// McpClient.use(…, { incoming: true }): the chain around the requests the server sends its client.

const SAMPLE = {
  messages: [{ role: 'user', content: { type: 'text', text: 'hello' } }],
  maxTokens: 10,
  _meta: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
};
const sampling = (params: { messages: unknown[] }) => ({
  role: 'assistant' as const,
  content: { type: 'text' as const, text: `saw ${params.messages.length}` },
  model: 'm',
});

describe('McpClient.use with { incoming: true }', () => {
  it("runs around the server's requests (ping included), outermost first, with the server's id and _meta; not around the client's own", async () => {
    const trail: string[] = [];
    const seen: ClientMiddlewareContext[] = [];
    const { client, server } = await connectPair({}, { protocolVersion: '2025-11-25', sampling }, (c) => {
      c.use(
        async (ctx, next) => {
          trail.push(`outer>${ctx.method}`);
          seen.push({ ...ctx });
          const answer = await next();
          trail.push(`outer<${ctx.method}`);
          return answer;
        },
        { incoming: true },
      ).use(
        async (ctx, next) => {
          trail.push(`inner>${ctx.method}`);
          return next();
        },
        { incoming: true },
      );
    });
    expect(trail).toEqual([]); // the handshake is the client's own request
    const answer = await server.peer.request('sampling/createMessage', SAMPLE);
    expect(answer).toMatchObject({ role: 'assistant', content: { text: 'saw 1' } });
    expect(await server.peer.request('ping')).toEqual({});
    await client.ping();
    expect(trail).toEqual([
      'outer>sampling/createMessage',
      'inner>sampling/createMessage',
      'outer<sampling/createMessage',
      'outer>ping',
      'inner>ping',
      'outer<ping',
    ]);
    expect(seen[0]).toMatchObject({
      method: 'sampling/createMessage',
      incoming: true,
      protocolVersion: '2025-11-25',
      params: SAMPLE,
    });
    expect(typeof seen[0]!.requestId).toBe('number');
    expect(seen[1]!.requestId).toBe((seen[0]!.requestId as number) + 1);
  });

  it('may change the params the handler gets, answer by itself, or refuse with a JSON-RPC error', async () => {
    const { server } = await connectPair({}, { protocolVersion: '2025-11-25', sampling }, (c) => {
      c.use(
        (ctx, next) => {
          const params = ctx.params as JSONObject;
          if (params.maxTokens === 1) throw new JsonRpcError(-32001, 'sampling refused by policy');
          if (params.maxTokens === 2)
            return Promise.resolve({
              role: 'assistant',
              content: { type: 'text', text: 'cached' },
              model: 'c',
            });
          ctx.params = {
            ...params,
            messages: [...(params.messages as JSONObject[]), ...(params.messages as JSONObject[])],
          };
          return next();
        },
        { incoming: true, name: 'policy' },
      );
    });
    expect(await server.peer.request('sampling/createMessage', SAMPLE)).toMatchObject({
      content: { text: 'saw 2' },
    });
    expect(await server.peer.request('sampling/createMessage', { ...SAMPLE, maxTokens: 2 })).toMatchObject({
      content: { text: 'cached' },
    });
    await expect(
      server.peer.request('sampling/createMessage', { ...SAMPLE, maxTokens: 1 }),
    ).rejects.toMatchObject({
      code: -32001,
      message: 'sampling refused by policy',
    });
  });

  it('answers the server with an error naming a middleware that throws anything else', async () => {
    const { server } = await connectPair({}, { protocolVersion: '2025-11-25', sampling }, (c) => {
      c.use(
        () => {
          throw new Error('audit log down');
        },
        { incoming: true, name: 'audit' },
      );
    });
    const failure = (await server.peer.request('ping').catch((error: unknown) => error)) as Error;
    expect(failure.message).toMatch(/Client middleware 'audit' failed on ping: audit log down/);
  });

  it('leaves outgoing middleware out of the server requests', async () => {
    const methods: string[] = [];
    const { server } = await connectPair({}, { protocolVersion: '2025-11-25', sampling }, (c) => {
      c.use((ctx, next) => {
        methods.push(ctx.method);
        return next();
      });
    });
    await server.peer.request('sampling/createMessage', SAMPLE);
    expect(methods).toEqual(['initialize']);
  });
});

// An answer JSON cannot carry (a handler returned a BigInt) still answers its request: the -32603
// error response for the same id, on every path, and onerror hears why (json-text.ts).
import type { JSONRPCRequest } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { createStreamableHttpHandler } from './handler.js';
import { ADAPTERS, adapt, useAdapter } from './test-helpers/adapters.js';
import { BASE, getRequest, messagesOf, postRequest, request, SseReader } from './test-helpers/http.js';
import { harness, initialize } from './test-helpers/setup.js';

const UNWRITABLE = {
  code: -32603,
  message: expect.stringMatching(/answer to request .* could not be written as JSON \(.*BigInt/),
};

describe.each(ADAPTERS)('on the %s adapter', (adapter) => {
  useAdapter(adapter);

  it('answers a session POST with the error response instead of hanging', async () => {
    const errors: Error[] = [];
    const { handler } = harness({ onerror: (error) => errors.push(error) });
    const { headers } = await initialize(handler);
    const response = await handler(postRequest(request('unwritable', 4), headers));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 4, error: UNWRITABLE });
    expect(errors.map((e) => e.message)).toEqual([expect.stringContaining('could not be written as JSON')]);
  });

  it('writes (and stores) the error response on an SSE stream', async () => {
    const { handler } = harness({ responseMode: 'sse' });
    const { headers } = await initialize(handler);
    const response = await handler(postRequest(request('unwritable', 'u'), headers));
    expect(messagesOf(await new SseReader(response).rest())).toEqual([
      { jsonrpc: '2.0', id: 'u', error: UNWRITABLE },
    ]);
  });

  it('replaces only the unwritable answers of a batch', async () => {
    const { handler } = harness();
    const { headers } = await initialize(handler, '2025-03-26');
    const response = await handler(postRequest([request('unwritable', 1), request('echo', 2)], headers));
    expect(await response.json()).toEqual([
      { jsonrpc: '2.0', id: 1, error: UNWRITABLE },
      { jsonrpc: '2.0', id: 2, result: { echo: {} } },
    ]);
  });

  it('writes the error response down a legacy HTTP+SSE stream (2024-11-05)', async () => {
    const { handler } = harness();
    const opened = await handler(getRequest({}, '/sse'));
    const reader = new SseReader(opened);
    const endpoint = (await reader.next())!.data;
    const post = (body: unknown) =>
      handler(
        new Request(new URL(endpoint, BASE), {
          method: 'POST',
          headers: { host: 'localhost:3000', 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    expect((await post(request('unwritable', 'legacy'))).status).toBe(202);
    expect(JSON.parse((await reader.next())!.data)).toEqual({
      jsonrpc: '2.0',
      id: 'legacy',
      error: UNWRITABLE,
    });
    await reader.cancel();
  });

  it('answers a stateless POST served by `server` directly (it used to reject unhandled)', async () => {
    const errors: Error[] = [];
    const server = {
      answer: async (message: JSONRPCRequest) => ({
        jsonrpc: '2.0' as const,
        id: message.id,
        result: { n: 1n },
      }),
      connect: () => undefined,
    };
    const handler = adapt(
      createStreamableHttpHandler({
        server: server as never,
        stateless: true,
        onerror: (e) => errors.push(e),
      }),
    );
    const response = await handler(postRequest(request('tools/call', 9, { name: 'x' })));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 9, error: UNWRITABLE });
    expect(errors).toHaveLength(1);
  });
});

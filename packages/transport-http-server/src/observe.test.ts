import type { Transport } from '@mcpkit/jsonrpc';
import { describe, expect, it } from 'vitest';
import type { CallObservation, ResponseObservation } from './observe.js';
import { ADAPTERS, until, useAdapter } from './test-helpers/adapters.js';
import { BASE, postRequest, request, SseReader } from './test-helpers/http.js';
import { harness, initialize } from './test-helpers/setup.js';

/** Answers `fail` with a JSON-RPC error, everything else with a result, after the clock moved 7 ms. */
function failingServer(clock: { now: number }) {
  return (transport: Transport) => {
    transport.onmessage = (message) => {
      if (!('method' in message) || !('id' in message)) return;
      clock.now += 7;
      if (message.method === 'fail') {
        void transport.send({
          jsonrpc: '2.0',
          id: message.id,
          error: { code: -32602, message: 'bad params' },
        });
        return;
      }
      const result = message.method === 'initialize' ? initializeResult(message.params) : {};
      void transport.send({ jsonrpc: '2.0', id: message.id, result });
    };
    return transport.start();
  };
}

function initializeResult(params: unknown) {
  const requested = (params as { protocolVersion?: string } | undefined)?.protocolVersion;
  return {
    protocolVersion: requested ?? '2025-11-25',
    capabilities: {},
    serverInfo: { name: 'f', version: '1' },
  };
}

describe.each(ADAPTERS)('observe hooks on the %s adapter', (adapter) => {
  useAdapter(adapter);

  it('reports each JSON-RPC call with its method, duration and error, and each HTTP response', async () => {
    const clock = { now: 1000 };
    const calls: CallObservation[] = [];
    const responses: ResponseObservation[] = [];
    const { handler } = harness({
      onSession: failingServer(clock),
      now: () => clock.now,
      health: true,
      observe: { onCall: (info) => calls.push(info), onResponse: (info) => responses.push(info) },
    });
    const { sessionId, headers } = await initialize(handler);
    await (await handler(postRequest(request('fail', 1), headers))).text();
    await (await handler(postRequest(request('tools/list', 2), headers))).text();
    expect(calls).toEqual([
      { method: 'initialize', durationMs: 7, error: undefined, sessionId },
      { method: 'fail', durationMs: 7, error: { code: -32602, message: 'bad params' }, sessionId },
      { method: 'tools/list', durationMs: 7, error: undefined, sessionId },
    ]);
    // A refusal is a response too; health probes are not counted.
    expect((await handler(postRequest(request('x', 3)))).status).toBe(400);
    await handler(new Request(`${BASE}/healthz`));
    expect(responses.map(({ method, path, status }) => [method, path, status])).toEqual([
      ['POST', '/mcp', 200],
      ['POST', '/mcp', 200],
      ['POST', '/mcp', 200],
      ['POST', '/mcp', 400],
    ]);
    expect(responses[1]!.durationMs).toBe(7);
  });

  it('reports a throwing hook to onerror and still answers', async () => {
    const errors: Error[] = [];
    const { handler } = harness({
      observe: {
        onResponse: () => {
          throw new Error('broken exporter');
        },
        onCall: () => {
          throw new Error('broken exporter');
        },
      },
      onerror: (error) => errors.push(error),
    });
    await initialize(handler);
    expect(errors.map((e) => (e.cause as Error).message)).toEqual(['broken exporter', 'broken exporter']);
  });
});

describe('the sseBufferedBytes gauge', () => {
  it('counts SSE bytes a Web client has not read, and drops them when it goes away', async () => {
    const { handler } = harness({ responseMode: 'sse' });
    expect(handler.sseBufferedBytes).toBe(0);
    const { headers } = await initialize(handler);
    // A Web stream takes one chunk per read: the events of a body nobody reads wait in the handler.
    const response = await handler(postRequest(request('progress', 1), headers));
    await until(() => handler.sseBufferedBytes > 0, 'SSE bytes to be buffered');
    await new SseReader(response).cancel();
    await until(() => handler.sseBufferedBytes === 0, 'the buffered bytes to be released');
  });
});

import type { RequestContext, Transport } from '@mcpkit/jsonrpc';
import type { JSONRPCRequest, JSONRPCResponse } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { createStreamableHttpHandler } from './handler.js';
import type { CallObservation } from './observe.js';
import type { ServedServer, StreamableHttpHandlerOptions } from './options.js';
import { ADAPTERS, adapt, until, useAdapter } from './test-helpers/adapters.js';
import { connectFakeServer, type FakeServer } from './test-helpers/fake-server.js';
import { initializeMessage, messagesOf, postRequest, request, SseReader } from './test-helpers/http.js';
import { modernPost, modernRequest } from './test-helpers/modern.js';

// The `server` option: a stateless POST of one request is answered by `server.answer` directly, no
// transport made for it; everything else still goes through transports wired with `server.connect`.

type Answer = (request: JSONRPCRequest, channel: RequestContext) => Promise<JSONRPCResponse>;

class RecordingServer implements ServedServer {
  readonly answered: { request: JSONRPCRequest; channel: RequestContext }[] = [];
  readonly sessions: FakeServer[] = [];
  constructor(
    readonly respond: Answer = async (request) => ({
      jsonrpc: '2.0',
      id: request.id,
      result: { echoed: request.method },
    }),
  ) {}
  answer(request: JSONRPCRequest, channel: RequestContext): Promise<JSONRPCResponse> {
    this.answered.push({ request, channel });
    return this.respond(request, channel);
  }
  connect(transport: Transport): Promise<FakeServer> {
    return connectFakeServer(transport, this.sessions);
  }
}

function serve(server: RecordingServer, options: Partial<StreamableHttpHandlerOptions> = {}) {
  return adapt(createStreamableHttpHandler({ server, ...options }));
}

const progressFirst: Answer = async (request, channel) => {
  await channel.sendNotification('notifications/progress', { progressToken: 'p', progress: 1 });
  return { jsonrpc: '2.0', id: request.id, result: { done: true } };
};

describe.each(ADAPTERS)('the server option on the %s adapter', (adapter) => {
  useAdapter(adapter);

  it('answers a stateless POST through server.answer, with no transport made for it', async () => {
    const server = new RecordingServer();
    const handler = serve(server, { stateless: true });
    const response = await handler(
      postRequest(request('tools/list', 1), { 'mcp-protocol-version': '2025-06-18' }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: { echoed: 'tools/list' } });
    expect(server.sessions).toHaveLength(0);
    expect(server.answered[0]!.channel.extra).toMatchObject({ protocolVersion: '2025-06-18' });
    expect(server.answered[0]!.channel.extra?.requestHeaders?.get('mcp-protocol-version')).toBe('2025-06-18');
    const init = await handler(postRequest(initializeMessage('2025-11-25')));
    expect(await init.json()).toMatchObject({ id: 0, result: { echoed: 'initialize' } });
    expect(init.headers.get('mcp-session-id')).toBeNull();
  });

  it('switches to SSE when a notification comes before the answer, and ends the stream with it', async () => {
    const handler = serve(new RecordingServer(progressFirst), { stateless: true });
    const response = await handler(postRequest(request('tools/call', 2)));
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(messagesOf(await new SseReader(response).rest())).toEqual([
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p', progress: 1 } },
      { jsonrpc: '2.0', id: 2, result: { done: true } },
    ]);
  });

  it('honours responseMode: json drops notifications, sse streams even a lone answer', async () => {
    const json = serve(new RecordingServer(progressFirst), { stateless: true, responseMode: 'json' });
    const plain = await json(postRequest(request('tools/call', 3)));
    expect(await plain.json()).toEqual({ jsonrpc: '2.0', id: 3, result: { done: true } });
    const sse = serve(new RecordingServer(), { stateless: true, responseMode: 'sse' });
    const streamed = await sse(postRequest(request('tools/list', 4)));
    expect(streamed.headers.get('content-type')).toBe('text/event-stream');
    expect(messagesOf(await new SseReader(streamed).rest())).toEqual([
      { jsonrpc: '2.0', id: 4, result: { echoed: 'tools/list' } },
    ]);
  });

  it('leaves batches and notifications to transports wired with server.connect', async () => {
    const server = new RecordingServer();
    const handler = serve(server, { stateless: true });
    const batch = await handler(postRequest([request('ping', 5), request('ping', 6)]));
    expect(await batch.json()).toHaveLength(2);
    const note = await handler(postRequest({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    expect(note.status).toBe(202);
    expect(server.sessions).toHaveLength(2);
    expect(server.answered).toHaveLength(0);
  });

  it('wires sessions with server.connect when onSession is not given', async () => {
    const server = new RecordingServer();
    const handler = serve(server);
    const init = await handler(postRequest(initializeMessage('2025-11-25')));
    expect(init.headers.get('mcp-session-id')).toBeTruthy();
    expect(await init.json()).toMatchObject({ result: { serverInfo: { name: 'fake' } } });
    expect(server.sessions).toHaveLength(1);
    expect(server.answered).toHaveLength(0);
  });

  it('answers 2026-07-28 requests directly, with the HTTP status of their error', async () => {
    const server = new RecordingServer(async (request) => ({
      jsonrpc: '2.0',
      id: request.id,
      error: { code: -32601, message: `Method not found: ${request.method}` },
    }));
    const handler = serve(server);
    const response = await handler(modernPost(modernRequest('nope/nope', 7)));
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ id: 7, error: { code: -32601 } });
    expect(server.answered[0]!.channel.extra).toMatchObject({ protocolVersion: '2026-07-28' });
    expect(server.sessions).toHaveLength(0);
  });

  it('gives the request a context that cannot ask the client anything, saying why', async () => {
    const server = new RecordingServer(async (request, context) => {
      const refused = await context.sendRequest('elicitation/create', {}).then(
        () => 'sent',
        (error: Error) => error.message,
      );
      return { jsonrpc: '2.0', id: request.id, result: { refused } };
    });
    const handler = serve(server, { stateless: true });
    const response = await handler(postRequest(request('tools/call', 11, { _meta: { progressToken: 'q' } })));
    expect(await response.json()).toMatchObject({
      result: {
        refused: expect.stringContaining('Cannot send elicitation/create while answering tools/call'),
      },
    });
    expect(server.answered[0]!.channel).toMatchObject({
      requestId: 11,
      method: 'tools/call',
      progressToken: 'q',
    });
  });

  it('aborts the signal of an answer whose client closed the response', async () => {
    let aborted = false;
    const server = new RecordingServer(async (request, channel) => {
      const signal = channel.signal;
      await channel.sendNotification('notifications/progress', { progressToken: 'p', progress: 1 });
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      aborted = true;
      return { jsonrpc: '2.0', id: request.id, result: {} };
    });
    const handler = serve(server, { stateless: true });
    const response = await handler(postRequest(request('tools/call', 8)));
    const reader = new SseReader(response);
    expect((await reader.next())?.data).toContain('notifications/progress');
    await reader.cancel();
    await until(() => aborted, 'the answer to see its client go');
    expect(server.answered[0]!.channel.signal.reason).toMatchObject({ code: 'REQUEST_CANCELLED' });
  });

  it('ends a streaming answer when the handler closes, and reports each answer to observe.onCall', async () => {
    const calls: CallObservation[] = [];
    const server = new RecordingServer(async (request, channel) => {
      if (request.method !== 'tools/call') return { jsonrpc: '2.0', id: request.id, result: {} };
      await channel.sendNotification('notifications/progress', { progressToken: 'p', progress: 1 });
      await new Promise((resolve) => channel.signal.addEventListener('abort', resolve, { once: true }));
      return { jsonrpc: '2.0', id: request.id, result: {} };
    });
    const handler = serve(server, { stateless: true, observe: { onCall: (info) => calls.push(info) } });
    await (await handler(postRequest(request('tools/list', 9)))).json();
    expect(calls).toEqual([
      { method: 'tools/list', durationMs: expect.any(Number), error: undefined, sessionId: undefined },
    ]);
    const response = await handler(postRequest(request('tools/call', 10)));
    const reader = new SseReader(response);
    await reader.next();
    await handler.close({ timeoutMs: 50 });
    expect(await reader.rest()).toEqual([]);
    expect(server.answered[1]!.channel.signal.aborted).toBe(true);
  });
});

describe('the server option', () => {
  it('is required unless onSession is given, and the error says so', () => {
    expect(() => createStreamableHttpHandler({})).toThrow(/needs `server` \(an McpServer\) or `onSession`/);
  });
});

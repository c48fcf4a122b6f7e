// Each documented limit is hit once and must refuse with an error that says what was wrong.
import { DEFAULT_MAX_DEPTH, decodeMessage, JsonRpcError } from '@mcpkit/jsonrpc';
import { DEFAULT_URI_TEMPLATE_LIMITS, McpServer, UriTemplateError } from '@mcpkit/server';
import { UriTemplate } from '@mcpkit/server/uri-template';
import { InMemoryEventStore } from '@mcpkit/transport-http-server';
import { describe, expect, it } from 'vitest';
import { createEchoHandler, ENDPOINT, INITIALIZE, openSession, postHeaders } from './helpers.js';

async function post(handler: (r: Request) => Promise<Response>, body: string, sessionId?: string) {
  const response = await handler(
    new Request(ENDPOINT, { method: 'POST', headers: postHeaders(sessionId), body }),
  );
  return {
    status: response.status,
    body: (await response.json()) as { error?: { code: number; message: string } },
  };
}

describe('HTTP body size (maxBodyBytes)', () => {
  it('refuses a body over the default 4 MiB with 413 and a JSON-RPC error', async () => {
    const { handler } = createEchoHandler();
    const sessionId = await openSession(handler);
    const message = 'a'.repeat(4 * 1024 * 1024);
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'echo', arguments: { message } },
    });
    const answer = await post(handler, body, sessionId);
    expect(answer.status).toBe(413);
    expect(answer.body.error?.code).toBe(-32600);
    expect(answer.body.error?.message).toMatch(/\d/);
    await handler.close({ timeoutMs: 100 });
  });

  it('honours a smaller maxBodyBytes, also when the body is chunked without a Content-Length', async () => {
    const { handler } = createEchoHandler({ maxBodyBytes: 1024 });
    const chunks = [JSON.stringify(INITIALIZE).slice(0, -1), `,"pad":"${'x'.repeat(2000)}"}`];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    const response = await handler(
      new Request(ENDPOINT, {
        method: 'POST',
        headers: postHeaders(),
        body: stream,
        duplex: 'half',
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: number } }).error.code).toBe(-32600);
    await handler.close({ timeoutMs: 100 });
  });
});

describe('JSON nesting depth', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it(`the codec refuses nesting deeper than DEFAULT_MAX_DEPTH (${DEFAULT_MAX_DEPTH}) with -32600`, () => {
    const text = `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":${nested(DEFAULT_MAX_DEPTH)}}}`;
    let thrown: unknown;
    try {
      decodeMessage(text);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(JsonRpcError);
    expect((thrown as JsonRpcError).code).toBe(-32600);
    expect((thrown as JsonRpcError).message).toMatch(/nesting deeper than the limit of 64/);
  });

  it('the HTTP handler answers a 100 000-deep body with 400 (no stack overflow) and keeps serving', async () => {
    const { handler } = createEchoHandler();
    const sessionId = await openSession(handler);
    const body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":${nested(100_000)}}}`;
    const answer = await post(handler, body, sessionId);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toMatch(/nesting/);
    const ok = await post(handler, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }), sessionId);
    expect(ok.status).toBe(200);
    await handler.close({ timeoutMs: 100 });
  });
});

describe('number of sessions (maxSessions)', () => {
  it('answers 503 once maxSessions are held, and accepts again after one is deleted', async () => {
    const { handler } = createEchoHandler({ maxSessions: 3 });
    const ids = [await openSession(handler), await openSession(handler), await openSession(handler)];
    const refused = await post(handler, JSON.stringify(INITIALIZE));
    expect(refused.status).toBe(503);
    expect(refused.body.error?.message).toMatch(/session/i);
    expect(handler.sessionCount).toBe(3);
    const deleted = await handler(new Request(ENDPOINT, { method: 'DELETE', headers: postHeaders(ids[0]) }));
    expect(deleted.status).toBeLessThan(300);
    await openSession(handler);
    expect(handler.sessionCount).toBe(3);
    await handler.close({ timeoutMs: 100 });
  });
});

describe('SSE event history (InMemoryEventStore)', () => {
  it('keeps at most maxEventsPerStream events per stream', () => {
    const store = new InMemoryEventStore({ maxEventsPerStream: 3 });
    const ids = Array.from({ length: 10 }, (_, n) =>
      store.append('session', 'stream', { jsonrpc: '2.0', method: 'notifications/message', params: { n } }),
    ) as string[];
    // The last three are kept: a resume after the 7th gets them; one from further back is refused
    // as lost (naming the bound), never served with a gap.
    const replay = store.replayAfter('session', ids[6]!);
    expect(replay?.events.map((event) => event.id)).toEqual(ids.slice(7));
    const tooOld = store.replayAfter('session', ids[0]!);
    expect(tooOld?.events).toEqual([]);
    expect(tooOld?.lost).toMatch(/3 events/);
    expect(store.replayAfter('other-session', ids[8]!)).toBeUndefined();
  });

  it('keeps at most maxBytesPerSession bytes per session', () => {
    const store = new InMemoryEventStore({ maxBytesPerSession: 4096 });
    const big = 'x'.repeat(1000);
    const ids = Array.from({ length: 20 }, () =>
      store.append('session', 'stream', { jsonrpc: '2.0', method: 'notifications/message', params: { big } }),
    ) as string[];
    // The oldest events went to make room: a resume from the first is refused as lost; the newest
    // ones that are kept fit in the session's budget.
    expect(store.replayAfter('session', ids[0]!)?.lost).toBeDefined();
    const firstKept = ids.findIndex((id) => store.replayAfter('session', id)?.lost === undefined);
    expect(firstKept).toBeGreaterThan(0);
    const kept = store.replayAfter('session', ids[firstKept]!)?.events ?? [];
    expect(kept.length).toBeGreaterThan(0);
    expect(JSON.stringify(kept.map((event) => event.message)).length).toBeLessThanOrEqual(4096);
  });
});

describe('URI templates (maxTemplateLength, maxUriLength, maxExpressions)', () => {
  it(`refuses templates over ${DEFAULT_URI_TEMPLATE_LIMITS.maxTemplateLength} characters at registration`, () => {
    const long = `echo://${'a'.repeat(DEFAULT_URI_TEMPLATE_LIMITS.maxTemplateLength)}/{x}`;
    expect(() => new UriTemplate(long)).toThrow(UriTemplateError);
    expect(() => new UriTemplate(long)).toThrow(/at most 1024/);
    const server = new McpServer({ name: 'limits', version: '0.0.0' });
    expect(() => server.resourceTemplate(long, { name: 'long' }, () => 'never')).toThrow(/at most 1024/);
  });

  it(`refuses templates with more than ${DEFAULT_URI_TEMPLATE_LIMITS.maxExpressions} expressions`, () => {
    const many = Array.from({ length: 33 }, (_, n) => `{v${n}}`).join('/');
    expect(() => new UriTemplate(`x://${many}`)).toThrow(/at most 32/);
  });

  it('never matches a URI over maxUriLength, and resources/read says it was not found', async () => {
    const template = new UriTemplate('echo://{message}');
    expect(template.match(`echo://${'a'.repeat(DEFAULT_URI_TEMPLATE_LIMITS.maxUriLength)}`)).toBeUndefined();
    expect(template.match('echo://short')).toEqual({ message: 'short' });
    const { handler } = createEchoHandler();
    const sessionId = await openSession(handler);
    const uri = `echo://${'a'.repeat(20_000)}`;
    const answer = await post(
      handler,
      JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'resources/read', params: { uri } }),
      sessionId,
    );
    expect(answer.body.error?.code).toBe(-32002);
    await handler.close({ timeoutMs: 100 });
  });
});

import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchImplementations, recordedTransport } from '../test/harness.js';
import {
  json,
  openSse,
  result,
  sseEvent,
  startServer,
  type TestServer,
  waitFor,
} from '../test/http-server.js';
import { findHttpTransportError } from './errors.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const call = { jsonrpc: '2.0' as const, id: 7, method: 'tools/call', params: { name: 'slow' } };

describe.each(fetchImplementations)('resumable SSE streams over %s', (_name, fetch) => {
  it('resumes a stream the server closed after priming, honouring retry, and gets the stored response exactly once', async () => {
    const stored: Array<{ id: string; data: unknown }> = [];
    const getTimes: number[] = [];
    let closedAt = 0;
    server = await startServer((req, res, recorded) => {
      if (req.method === 'POST') {
        openSse(res);
        sseEvent(res, { id: 'stream1-0', data: '', retry: 150 });
        sseEvent(res, {
          id: 'stream1-1',
          data: {
            jsonrpc: '2.0',
            method: 'notifications/progress',
            params: { progressToken: 1, progress: 1 },
          },
        });
        closedAt = Date.now();
        res.end();
        // The tool finishes while the client is disconnected; the server stores the response for replay.
        setTimeout(
          () =>
            stored.push({
              id: 'stream1-2',
              data: result((recorded.json as { id: number }).id, { content: [] }),
            }),
          20,
        );
        return;
      }
      getTimes.push(Date.now());
      const after = req.headers['last-event-id'];
      openSse(res);
      if (getTimes.length === 1) {
        // First poll: nothing new yet is also possible on real servers; answer with a fresh retry and close.
        sseEvent(res, { id: String(after), data: '', retry: 60 });
        res.end();
        return;
      }
      for (const event of stored) sseEvent(res, event);
      res.end();
    });
    const tokens: string[] = [];
    const { transport, messages, errors } = await recordedTransport(server.url, fetch);
    await transport.send(call, { onresumptiontoken: (token) => tokens.push(token) });
    await waitFor(() => messages.some((m) => 'result' in m), 5000, 'the resumed response');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(messages.filter((m) => 'id' in m && m.id === 7)).toEqual([result(7, { content: [] })]);
    expect(messages).toHaveLength(2);
    expect(errors).toEqual([]);
    const gets = server.requests.filter((r) => r.method === 'GET');
    expect(gets.map((r) => r.headers['last-event-id'])).toEqual(['stream1-1', 'stream1-1']);
    expect(gets[0]?.headers.accept).toBe('text/event-stream');
    expect((getTimes[0] ?? 0) - closedAt).toBeGreaterThanOrEqual(140);
    expect((getTimes[1] ?? 0) - (getTimes[0] ?? 0)).toBeGreaterThanOrEqual(55);
    expect(tokens).toEqual(['stream1-0', 'stream1-1', 'stream1-1', 'stream1-2']);
    await transport.close();
  });

  it('backs off exponentially when the server gave no retry delay', async () => {
    const getTimes: number[] = [];
    let closedAt = 0;
    server = await startServer((req, res) => {
      if (req.method === 'POST') {
        openSse(res);
        sseEvent(res, { id: 'a', data: '' });
        closedAt = Date.now();
        res.end();
        return;
      }
      getTimes.push(Date.now());
      if (getTimes.length < 3) {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('busy');
        return;
      }
      openSse(res);
      sseEvent(res, { id: 'b', data: result(7, {}) });
      res.end();
    });
    const { transport, messages, errors } = await recordedTransport(server.url, fetch, {
      reconnection: { initialDelayMs: 30, growFactor: 2, maxDelayMs: 1000, maxRetries: 3 },
    });
    await transport.send(call);
    await waitFor(() => messages.length === 1, 5000, 'the response after backoff');
    expect(messages).toEqual([result(7, {})]);
    expect(errors).toEqual([]);
    const gaps = [getTimes[0]! - closedAt, getTimes[1]! - getTimes[0]!, getTimes[2]! - getTimes[1]!];
    expect(gaps[0]).toBeGreaterThanOrEqual(25);
    expect(gaps[1]).toBeGreaterThanOrEqual(55);
    expect(gaps[2]).toBeGreaterThanOrEqual(115);
    await transport.close();
  });

  it('gives up after maxRetries and settles the request with an error response', async () => {
    server = await startServer((req, res) => {
      if (req.method === 'POST') {
        openSse(res);
        sseEvent(res, { id: 'a', data: '' });
        res.end();
        return;
      }
      res.writeHead(503).end();
    });
    const { transport, messages, errors } = await recordedTransport(server.url, fetch, {
      reconnection: { initialDelayMs: 5, maxRetries: 2 },
    });
    await transport.send(call);
    await waitFor(() => messages.length === 1, 5000, 'the synthesized error response');
    expect(messages[0]).toMatchObject({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32000, data: { reason: 'STREAM_INTERRUPTED' } },
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'STREAM_INTERRUPTED' });
    expect(errors[0]?.message).toContain(
      'the SSE stream of request 7 broke and was given up after 2 failed attempts',
    );
    expect(errors[0]?.message).toContain('HTTP 503');
    expect(server.requests.filter((r) => r.method === 'GET')).toHaveLength(2);
    await transport.close();
  });

  it('answers a request at once, with the cause, when reconnecting to its stream is refused', async () => {
    server = await startServer((req, res) => {
      if (req.method !== 'POST') return void res.writeHead(503).end();
      openSse(res);
      sseEvent(res, { id: 'a', data: '' }); // resumable, and the answer never comes
    });
    const { transport, messages, errors, extras, closed } = await recordedTransport(server.url, fetch, {
      reconnection: { initialDelayMs: 5, maxRetries: 3 },
    });
    await transport.send(call);
    await server.close();
    server = undefined;
    await waitFor(() => messages.length === 1, 5000, 'the synthesized error response');
    const [reason] = errors;
    expect(reason).toMatchObject({ code: 'STREAM_INTERRUPTED' });
    // One attempt, not maxRetries: nothing listens at the server's address any more.
    expect(reason?.message).toContain(
      'the SSE stream of request 7 broke and was given up after 1 failed attempt: ',
    );
    expect(reason?.message).toContain('ECONNREFUSED');
    expect(findHttpTransportError(reason, 'NETWORK')).toBeDefined();
    expect(messages[0]).toMatchObject({ id: 7, error: { code: -32000, message: reason?.message } });
    // The peer keeps this as the rejected request's cause.
    expect(extras[0]?.cause).toBe(reason);
    expect(closed()).toBe(0);
    await transport.close();
  });

  it('cannot resume a stream that carried no event id and says so', async () => {
    server = await startServer((_req, res) => {
      openSse(res);
      res.end();
    });
    const { transport, messages, errors } = await recordedTransport(server.url, fetch);
    await transport.send(call);
    await waitFor(() => messages.length === 1);
    expect(errors[0]?.message).toContain('ended before its response and carried no event id');
    expect(server.requests.filter((r) => r.method === 'GET')).toHaveLength(0);
    await transport.close();
  });

  it('fails the request at once, with the server reason, when resuming meets 410 (history lost)', async () => {
    const why =
      'Gone: events after a on this stream are no longer stored (history keeps 256 events per stream)';
    server = await startServer((req, res) => {
      if (req.method === 'GET')
        return void json(res, { jsonrpc: '2.0', id: null, error: { code: -32000, message: why } }, {}, 410);
      openSse(res);
      sseEvent(res, { id: 'a', data: '', retry: 5 });
      res.end();
    });
    const { transport, messages, errors } = await recordedTransport(server.url, fetch, {
      reconnection: { initialDelayMs: 5, maxRetries: 3 },
    });
    await transport.send(call);
    await waitFor(() => messages.length === 1, 5000, 'the error response');
    expect(errors[0]?.message).toContain('the SSE stream of request 7 cannot be resumed: ');
    expect(errors[0]?.message).toContain(why);
    expect(messages[0]).toMatchObject({ id: 7, error: { message: errors[0]?.message } });
    // Not retried: asking again cannot bring the events back.
    expect(server.requests.filter((r) => r.method === 'GET')).toHaveLength(1);
    await transport.close();
  });

  it('treats 405 on resumption as unrecoverable for a request stream', async () => {
    server = await startServer((req, res) => {
      if (req.method === 'GET') return void res.writeHead(405).end();
      openSse(res);
      sseEvent(res, { id: 'a', data: '', retry: 5 });
      res.end();
    });
    const { transport, messages, errors } = await recordedTransport(server.url, fetch);
    await transport.send(call);
    await waitFor(() => messages.length === 1);
    expect(errors[0]?.message).toContain('the server refused to resume it (GET answered 405)');
    await transport.close();
  });

  it('resumes from a stored resumption token without POSTing again', async () => {
    server = await startServer((req, res) => {
      expect(req.method).toBe('GET');
      openSse(res);
      sseEvent(res, { id: 'after-x7', data: result(7, { resumed: true }) });
      res.end();
    });
    const tokens: string[] = [];
    const { transport, messages } = await recordedTransport(server.url, fetch);
    await transport.send(call, { resumptionToken: 'x7', onresumptiontoken: (token) => tokens.push(token) });
    await waitFor(() => messages.length === 1);
    expect(messages).toEqual([result(7, { resumed: true })]);
    expect(server.requests[0]?.headers['last-event-id']).toBe('x7');
    expect(tokens).toEqual(['after-x7']);
    await transport.close();
  });

  it('opens the standalone GET stream after initialization and resumes it', async () => {
    const gets: Array<string | undefined> = [];
    server = await startServer((req, res, recorded) => {
      const message = recorded.json as { id?: number; method?: string } | undefined;
      if (req.method === 'DELETE') return void res.writeHead(200).end();
      if (req.method === 'GET') {
        gets.push(req.headers['last-event-id'] as string | undefined);
        openSse(res);
        const n = gets.length;
        sseEvent(res, {
          id: `g${n}`,
          retry: 20,
          data: { jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { n } },
        });
        if (n < 3) res.end();
        return;
      }
      if (message?.method === 'initialize')
        return json(res, result(message.id, {}), { 'mcp-session-id': 'sess' });
      res.writeHead(202).end();
    });
    const { transport, messages, errors } = await recordedTransport(server.url, fetch);
    await transport.send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: {} });
    expect(server.requests.filter((r) => r.method === 'GET')).toHaveLength(0);
    await transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await waitFor(() => messages.length === 4, 5000, 'three standalone notifications');
    expect(gets).toEqual([undefined, 'g1', 'g2']);
    expect(messages.slice(1).map((m) => ('params' in m ? m.params?.n : undefined))).toEqual([1, 2, 3]);
    expect(server.requests.find((r) => r.method === 'GET')?.headers['mcp-session-id']).toBe('sess');
    expect(errors).toEqual([]);
    await transport.close();
    expect(server.requests.at(-1)).toMatchObject({ method: 'DELETE', headers: { 'mcp-session-id': 'sess' } });
  });

  it('tolerates 405 for the standalone stream and for DELETE', async () => {
    server = await startServer((req, res, recorded) => {
      if (req.method !== 'POST') return void res.writeHead(405).end();
      const message = recorded.json as { id?: number };
      if (message.id === undefined) return void res.writeHead(202).end();
      json(res, result(message.id, {}), { 'mcp-session-id': 'sess' });
    });
    const { transport, errors, closed } = await recordedTransport(server.url, fetch);
    await transport.send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: {} });
    await transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await waitFor(() => server!.requests.some((r) => r.method === 'GET'));
    await transport.close();
    await transport.close();
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'POST', 'GET', 'DELETE']);
    expect(errors).toEqual([]);
    expect(closed()).toBe(1);
    expect(transport.sessionId).toBeUndefined();
  });

  it('with a given session, listens at start and closes once the server is gone for good', async () => {
    server = await startServer((req, res) => {
      expect(req.method).toBe('GET');
      expect(req.headers['mcp-session-id']).toBe('existing');
      openSse(res);
      sseEvent(res, { id: '1', data: { jsonrpc: '2.0', method: 'notifications/hello' } });
    });
    const { transport, messages, errors, closed, closeReasons } = await recordedTransport(server.url, fetch, {
      sessionId: 'existing',
      reconnection: { initialDelayMs: 5, maxRetries: 2 },
    });
    await waitFor(() => messages.length === 1, 3000, 'the standalone notification');
    await server.close();
    server = undefined;
    await waitFor(() => closed() === 1, 3000, 'onclose after the server went away');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'STREAM_INTERRUPTED' });
    // The standalone stream keeps the whole schedule (a restarting server may come back).
    expect(errors[0]?.message).toContain(
      'the standalone GET SSE stream broke and was given up after 2 failed attempts',
    );
    expect(errors[0]?.message).toContain('ECONNREFUSED');
    // …and its failure is why the transport closed (pending requests fail with it as cause).
    expect(closeReasons).toEqual([errors[0]]);
    await expect(transport.send(call)).rejects.toMatchObject({ code: 'CLOSED' });
  });

  it('stays open when the server refuses GET with a status other than 405', async () => {
    server = await startServer((req, res) => {
      if (req.method === 'GET') return void res.writeHead(400).end('GET not supported here');
      json(res, result(7, {}));
    });
    const { transport, errors, closed } = await recordedTransport(server.url, fetch, {
      sessionId: 'existing',
      terminateSessionOnClose: false,
      reconnection: { initialDelayMs: 5, maxRetries: 2 },
    });
    await waitFor(() => errors.length === 1, 3000, 'the GET refusal to be reported');
    expect(errors[0]?.message).toContain('answered HTTP 400');
    expect(closed()).toBe(0);
    await transport.send(call);
    await transport.close();
  });
});

describe.each(fetchImplementations)('settling on abort and close over %s', (_name, fetch) => {
  it('rejects an in-flight POST when the transport closes, and never delivers after close', async () => {
    const hanging: ServerResponse[] = [];
    server = await startServer((_req, res) => {
      hanging.push(res);
    });
    const { transport, messages, closed } = await recordedTransport(server.url, fetch);
    const pending = transport.send(call);
    await waitFor(() => hanging.length === 1);
    await transport.close();
    await expect(pending).rejects.toMatchObject({ code: 'CLOSED' });
    await expect(transport.send(call)).rejects.toMatchObject({
      code: 'CLOSED',
      message: expect.stringContaining('closed'),
    });
    expect(messages).toEqual([]);
    expect(closed()).toBe(1);
  });

  it('aborts one request through its signal without affecting others', async () => {
    server = await startServer((_req, res, recorded) => {
      const id = (recorded.json as { id: number }).id;
      if (id === 1) return; // never answered
      json(res, result(id, {}));
    });
    const { transport, messages, errors } = await recordedTransport(server.url, fetch);
    const controller = new AbortController();
    const slow = transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' }, { signal: controller.signal });
    await waitFor(() => server!.requests.length === 1);
    controller.abort();
    await expect(slow).rejects.toMatchObject({ code: 'ABORTED' });
    await transport.send({ jsonrpc: '2.0', id: 2, method: 'ping' });
    expect(messages).toEqual([result(2, {})]);
    expect(errors).toEqual([]);
    await transport.close();
  });

  it('stops reading a request stream once notifications/cancelled for it is sent', async () => {
    let streamClosed = false;
    server = await startServer((req, res, recorded) => {
      const message = recorded.json as { id?: number };
      if (message.id === undefined) return void res.writeHead(202).end();
      openSse(res);
      sseEvent(res, { id: '1', data: '' });
      req.socket.on('close', () => {
        streamClosed = true;
      });
    });
    const { transport, messages, errors } = await recordedTransport(server.url, fetch);
    await transport.send(call);
    await transport.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } });
    await waitFor(() => streamClosed, 3000, 'the cancelled stream to close');
    expect(messages).toEqual([]);
    expect(errors).toEqual([]);
    await transport.close();
  });

  it('reports SESSION_EXPIRED when resuming a stream meets 404', async () => {
    server = await startServer((req, res, recorded) => {
      const message = recorded.json as { id?: number; method?: string } | undefined;
      if (req.method === 'GET') return json(res, { error: 'gone' }, {}, 404);
      if (message?.method === 'initialize')
        return json(res, result(message.id, {}), { 'mcp-session-id': 's' });
      openSse(res);
      sseEvent(res, { id: '1', data: '', retry: 5 });
      res.end();
    });
    const { transport, messages, errors } = await recordedTransport(server.url, fetch, {
      terminateSessionOnClose: false,
    });
    await transport.send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: {} });
    await transport.send(call);
    await waitFor(() => messages.length === 2);
    expect(errors[0]).toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(messages[1]).toMatchObject({
      id: 7,
      error: { code: -32000, data: { reason: 'SESSION_EXPIRED' } },
    });
    expect(transport.sessionId).toBeUndefined();
    await transport.close();
  });

  it('bounds the DELETE sent by close() so closing never hangs', async () => {
    server = await startServer((req, res, recorded) => {
      if (req.method === 'DELETE') return; // never answered
      json(res, result((recorded.json as { id: number }).id, {}), { 'mcp-session-id': 'sess' });
    });
    const { transport, errors, closed } = await recordedTransport(server.url, fetch, {
      standaloneStream: false,
      closeTimeoutMs: 50,
    });
    await transport.send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: {} });
    const started = Date.now();
    await transport.close();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(closed()).toBe(1);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toBe(`DELETE ${server.url} timed out`);
  });

  it('learns of an expired session from the standalone stream and holds messages until initialize', async () => {
    let sessions = 0;
    server = await startServer((req, res, recorded) => {
      const message = recorded.json as { id?: number; method?: string } | undefined;
      if (req.method === 'GET') return json(res, { error: 'unknown session' }, {}, 404);
      if (message?.method === 'initialize') {
        sessions++;
        return json(res, result(message.id, {}), { 'mcp-session-id': `s${sessions}` });
      }
      if (message?.id === undefined) return void res.writeHead(202).end();
      json(res, result(message.id, {}));
    });
    const { transport, errors } = await recordedTransport(server.url, fetch, {
      terminateSessionOnClose: false,
    });
    await transport.send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: {} });
    await transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await waitFor(() => errors.length === 1, 3000, 'the expiry to be reported');
    expect(errors[0]).toMatchObject({ code: 'SESSION_EXPIRED', method: 'GET' });
    expect(transport.sessionId).toBeUndefined();
    const before = server.requests.length;
    await expect(transport.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).rejects.toMatchObject({
      code: 'SESSION_EXPIRED',
      message: expect.stringContaining('Session s1 expired'),
    });
    expect(server.requests.length).toBe(before);
    await transport.send({ jsonrpc: '2.0', id: 2, method: 'initialize', params: {} });
    expect(transport.sessionId).toBe('s2');
    await transport.send({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
    await transport.close();
  });

  it('terminateSession sends DELETE and reports a failing one', async () => {
    let deleteStatus = 500;
    server = await startServer((req, res, recorded) => {
      if (req.method === 'DELETE') return void res.writeHead(deleteStatus).end('nope');
      json(res, result((recorded.json as { id: number }).id, {}), { 'mcp-session-id': 'sess' });
    });
    const { transport } = await recordedTransport(server.url, fetch, { standaloneStream: false });
    await transport.send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: {} });
    await expect(transport.terminateSession()).rejects.toMatchObject({
      code: 'HTTP_STATUS',
      status: 500,
      message: expect.stringContaining(
        `Terminating session sess failed: DELETE ${server.url} answered HTTP 500`,
      ),
    });
    deleteStatus = 204;
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} });
    await transport.terminateSession();
    expect(transport.sessionId).toBeUndefined();
    await transport.close();
    expect(server.requests.filter((r) => r.method === 'DELETE')).toHaveLength(2);
  });
});

// The bounds of every exchange (issue 35, item 7), on real sockets: a metadata document far over
// the size cap is refused while it streams in, its connection closed long before the server could
// send it all; a metadata endpoint that never answers (or stops halfway) fails after the
// configured timeout, with an error naming the URL.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { authHttp, DEFAULT_MAX_RESPONSE_BYTES } from './bounded-fetch.js';
import { discover } from './discovery.js';
import { OAuthClientError } from './errors.js';
import { authFetchLayer } from './fetch-layer.js';
import { globalFetch } from './http.js';
import { OAuthClientProvider } from './provider.js';
import { requestToken } from './token-endpoint.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** What one answer of the test server did: bytes written, and whether the client hung up before the end. */
interface Sent {
  bytes: number;
  closedEarly: Promise<boolean>;
}

/** A server on 127.0.0.1 whose every answer is `answer`; `sent` records each. */
async function serve(answer: (response: ServerResponse, sent: { bytes: number }) => Promise<void> | void) {
  const sent: Sent[] = [];
  const server = createServer((request, response) => {
    request.resume();
    const record = { bytes: 0 };
    const closedEarly = new Promise<boolean>((resolve) => {
      response.on('close', () => resolve(!response.writableFinished));
    });
    sent.push(Object.assign(record, { closedEarly }));
    void answer(response, record);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  closers.push(
    () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sent };
}

/** 300 MB in 64 KiB chunks, as fast as the client reads, until done or the client hangs up. */
const HUGE = 300 * 1000 * 1000;
const CHUNK = Buffer.alloc(64 * 1024, 0x20);
async function stream(response: ServerResponse, sent: { bytes: number }, total: number) {
  while (sent.bytes < total && !response.destroyed) {
    sent.bytes += CHUNK.length;
    if (!response.write(CHUNK)) {
      await new Promise<void>((resolve) => {
        response.once('drain', resolve);
        response.once('close', resolve);
      });
    }
  }
  if (!response.destroyed) response.end();
}

async function refusal(promise: Promise<unknown>): Promise<OAuthClientError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OAuthClientError);
  return error as OAuthClientError;
}

describe('the size cap on answers', () => {
  it('refuses a 300 MB metadata document as it streams in (no Content-Length) and closes the connection', async () => {
    const server = await serve((response, sent) => {
      response.writeHead(200, { 'content-type': 'application/json' }); // chunked: no length said
      return stream(response, sent, HUGE);
    });
    const error = await refusal(discover(globalFetch(), `${server.url}/mcp`, undefined));
    const url = `${server.url}/.well-known/oauth-protected-resource/mcp`;
    expect(error).toMatchObject({ code: 'DISCOVERY_FAILED', url, status: 200 });
    expect(error.message).toMatch(
      new RegExp(
        `^GET ${url} answered a body of over \\d+ bytes so far, more than the ${DEFAULT_MAX_RESPONSE_BYTES} bytes ` +
          'allowed \\(maxResponseBytes\\): not read further$',
      ),
    );
    const [answer] = server.sent;
    expect(await answer?.closedEarly).toBe(true);
    // The server got to send a little past the cap (socket buffers), nowhere near all of it.
    expect(answer?.bytes).toBeLessThan(HUGE / 10);
  });

  it('refuses at once an answer whose Content-Length is over the cap, with the configured cap', async () => {
    const server = await serve((response, sent) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(HUGE) });
      return stream(response, sent, HUGE);
    });
    const http = authHttp(globalFetch(), { maxResponseBytes: 1000 });
    const error = await refusal(
      requestToken(
        { http, tokenEndpoint: `${server.url}/token`, issuer: server.url },
        { clientId: 'c', method: 'none' },
        { grant_type: 'client_credentials' },
      ),
    );
    expect(error).toMatchObject({ code: 'TOKEN_ENDPOINT_ERROR', url: `${server.url}/token` });
    expect(error.message).toBe(
      `POST ${server.url}/token answered a body of ${HUGE} bytes (Content-Length), more than the 1000 bytes ` +
        'allowed (maxResponseBytes): not read further',
    );
    expect(await server.sent[0]?.closedEarly).toBe(true);
  });
});

describe('the timeout of each exchange', () => {
  it('fails a metadata GET that is never answered after requestTimeoutMs, naming the URL', async () => {
    // Answers nothing, ever: only the client's own deadline ends the wait.
    const server = await serve(() => undefined);
    const provider = new OAuthClientProvider({
      serverUrl: `${server.url}/mcp`,
      grant: { type: 'client_credentials', clientId: 'c', clientSecret: 's' },
      requestTimeoutMs: 300,
    });
    const error = await refusal(
      provider.challenged({ status: 401, method: 'POST', url: `${server.url}/mcp`, header: () => undefined }),
    );
    const url = `${server.url}/.well-known/oauth-protected-resource/mcp`;
    expect(error).toMatchObject({ code: 'DISCOVERY_FAILED', url });
    expect(error.message).toBe(
      `GET ${url} did not complete within 300 ms (requestTimeoutMs): no answer, or not all of it`,
    );
    expect(await server.sent[0]?.closedEarly).toBe(true);
  });

  it('counts the body too: an answer that stops halfway fails after requestTimeoutMs', async () => {
    const server = await serve((response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      response.write('{"issuer":'); // and nothing more
    });
    const provider = new OAuthClientProvider({
      serverUrl: `${server.url}/mcp`,
      grant: { type: 'client_credentials', clientId: 'c', clientSecret: 's' },
      requestTimeoutMs: 300,
    });
    const fetch = authFetchLayer(provider)(async () => ({
      status: 401,
      ok: false,
      headers: { get: () => null },
      body: null,
      text: async () => '',
    }));
    const error = await refusal(fetch(`${server.url}/mcp`, { method: 'POST' }));
    expect(error.message).toBe(
      `GET ${server.url}/.well-known/oauth-protected-resource/mcp did not complete within 300 ms ` +
        '(requestTimeoutMs): no answer, or not all of it',
    );
  });
});

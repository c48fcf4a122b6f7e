import { type Dispatcher, Pool } from 'undici';
import { MODERN_PROTOCOL_VERSION, PROTOCOL_VERSION } from '../servers/fixtures.js';
import { benchClientOver, initializeParams, type Json, MODERN_ENVELOPE, RawCorrelator } from './raw-rpc.js';
import type { BenchClient, Wire } from './types.js';

// The raw HTTP reference client: undici's Pool, the cheapest keep-alive client on Node, driven
// through `dispatch` with a handler that gathers the body's bytes (no body stream, no promise
// per response beyond the caller's). The figure every SDK's HTTP client is held against, so it
// must be the fastest thing Node can do, not merely a plain one.

/** What the report and the table name the raw HTTP client. */
export const RAW_HTTP_CLIENT = 'raw (undici Pool)';

/** Parses an SSE body into its `data:` payloads (the raw client reads whole bodies). */
export function sseMessages(body: string): Json[] {
  const messages: Json[] = [];
  for (const event of body.split('\n\n')) {
    const data = event
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n');
    if (data.length > 0) messages.push(JSON.parse(data));
  }
  return messages;
}

export interface RawHttpResponse {
  status: number;
  /** Lower-case names; a repeated header is an array. */
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A keep-alive pool to the URL's origin; `connections` bounds the sockets (the old Agent's maxSockets). */
export function rawHttpPool(url: URL, connections = 64): Pool {
  return new Pool(url.origin, { connections });
}

/** One request on the pool, its body read whole as UTF-8. */
export function postRaw(
  pool: Dispatcher,
  url: URL,
  headers: Record<string, string>,
  body: string | null,
  method: 'POST' | 'DELETE' = 'POST',
): Promise<RawHttpResponse> {
  return new Promise((resolve, reject) => {
    let status = 0;
    let responseHeaders: RawHttpResponse['headers'] = {};
    const chunks: Buffer[] = [];
    pool.dispatch(
      { path: url.pathname + url.search, method, headers, body },
      {
        // Its presence marks the handler as undici's current handler API (the others are the
        // deprecated one's names).
        onRequestStart() {},
        onResponseStart(_controller, statusCode, received) {
          status = statusCode;
          responseHeaders = received;
        },
        onResponseData(_controller, chunk) {
          chunks.push(chunk);
        },
        onResponseEnd() {
          const text =
            chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
          resolve({ status, headers: responseHeaders, body: text });
        },
        onResponseError(_controller, error) {
          reject(error);
        },
      },
    );
  });
}

/** A raw JSON-RPC connection to a Streamable HTTP server (handshake done on the 2025 wire). */
export interface RawHttpConnection {
  rpc: RawCorrelator;
  /** The session the server gave on initialize (stateful servers), else undefined. */
  sessionId(): string | undefined;
  close: () => Promise<void>;
}

/** Opens a raw connection to `url` (shared by the raw client and the otel HTTP floor). */
export async function openRawHttp(url: string, wire: Wire): Promise<RawHttpConnection> {
  const target = new URL(url);
  const pool = rawHttpPool(target);
  let sessionId: string | undefined;
  const headers = (message?: Json): Record<string, string> => ({
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    // Not on initialize, as clients do: the version is negotiated there (a stateless server
    // restores a request's session from this header, which would make initialize a second one).
    ...(message?.method === 'initialize'
      ? {}
      : { 'mcp-protocol-version': wire === '2026' ? MODERN_PROTOCOL_VERSION : PROTOCOL_VERSION }),
    ...(sessionId ? { 'mcp-session-id': sessionId } : {}),
    // 2026-07-28 (SEP-2243) mirrors the method and the tool name in headers.
    ...(wire === '2026' && message?.method ? { 'mcp-method': message.method } : {}),
    ...(wire === '2026' && typeof message?.params?.name === 'string'
      ? { 'mcp-name': message.params.name }
      : {}),
  });
  const post = async (message: Json): Promise<Json[]> => {
    const response = await postRaw(pool, target, headers(message), JSON.stringify(message));
    if (response.status < 200 || response.status >= 300)
      throw new Error(`HTTP ${response.status} for ${message.method}`);
    const session = response.headers['mcp-session-id'];
    if (typeof session === 'string') sessionId = session;
    if (response.status === 202 || response.body.length === 0) return [];
    const contentType = response.headers['content-type'];
    return typeof contentType === 'string' && contentType.startsWith('text/event-stream')
      ? sseMessages(response.body)
      : [JSON.parse(response.body)];
  };
  const rpc = new RawCorrelator(
    (message) => {
      void post(message).then(
        (replies) => {
          for (const reply of replies) rpc.receive(reply);
        },
        (error: Error) => rpc.failAll(error),
      );
    },
    wire === '2026' ? MODERN_ENVELOPE : undefined,
  );
  if (wire === '2025') {
    await rpc.request('initialize', initializeParams);
    await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }
  return {
    rpc,
    sessionId: () => sessionId,
    async close() {
      if (sessionId) await postRaw(pool, target, headers(), null, 'DELETE');
      await pool.close();
    },
  };
}

export async function connectRawHttp(url: string, wire: Wire): Promise<BenchClient> {
  const { rpc, close } = await openRawHttp(url, wire);
  return benchClientOver(rpc, close);
}

// The Node path: node:http(s) with keep-alive agents, about a third of fetch's CPU per small JSON
// exchange (issue 17), because no Web Headers, Request, Response or ReadableStream is built per
// call. The built-ins come from process.getBuiltinModule (Node >= 20.16), not from static imports:
// this package stays runtime-neutral, and where that function is missing fetch is used instead.
import type { FetchLike, FetchResponse } from './fetch.js';
import type { AbortState } from './signals.js';

/** The slice of an IncomingMessage read here (typed structurally: the package has no Node types). */
interface IncomingMessage extends AsyncIterable<Uint8Array> {
  statusCode?: number;
  statusMessage?: string;
  headers: Record<string, string | string[] | undefined>;
  /** True once the whole body arrived from the socket (not necessarily read). */
  complete: boolean;
  setEncoding(encoding: 'utf8'): void;
  on(event: string, listener: (value: never) => void): unknown;
  iterator(options: { destroyOnReturn: boolean }): AsyncIterableIterator<Uint8Array>;
  resume(): void;
  destroy(error?: Error): void;
}

interface ClientRequest {
  /** True when the agent gave this request a kept-alive socket that an earlier exchange used. */
  reusedSocket?: boolean;
  on(event: 'error', listener: (error: Error & { code?: string }) => void): unknown;
  end(body?: string): void;
  destroy(error: Error): void;
}

/** What an aborted exchange fails with, as fetch's AbortError; the caller's reason is its cause. */
class AbortError extends Error {
  constructor(reason: unknown) {
    super('The request was aborted', { cause: reason });
    this.name = 'AbortError';
  }
}

interface NodeHttp {
  Agent: new (options: { keepAlive: boolean; timeout: number; scheduling: 'lifo' }) => unknown;
  request(
    options: RequestTarget & { method: string; headers: Record<string, string>; agent: unknown },
    onResponse: (response: IncomingMessage) => void,
  ): ClientRequest;
}

/** A URL as node:http's request options (protocol, host name, port, path...). */
type RequestTarget = Record<string, unknown>;

interface NodeUrl {
  urlToHttpOptions(url: URL): RequestTarget;
}

interface NodeProcess {
  versions?: { bun?: string };
  getBuiltinModule?(name: string): unknown;
}

/** Statuses fetch follows by default ("follow" redirect mode), with its limit of 20 in a row. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 20;
/** Headers fetch drops when a redirect leaves the origin: credentials meant for the first one. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);

/** How long a discarded body may take to end before its connection is closed instead of reused. */
const DRAIN_MS = 100;
/**
 * Sends of one request on kept-alive sockets that turn out dead. A server may close an idle socket
 * just as the agent hands it out (its keep-alive timer and ours race, more so on a busy machine);
 * the request then fails before any answer, so the server never saw it and a fresh socket is safe.
 */
const STALE_SOCKET_RETRIES = 2;
const STALE_SOCKET_ERRORS = new Set(['ECONNRESET', 'EPIPE']);

/** One request as the transports make it. */
interface NodeRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** A caller's AbortSignal, or the transport's LazyAbortController (no AbortSignal built per request). */
  signal: AbortState | undefined;
}

type Client = { module: NodeHttp; agent: unknown; targetOf(url: string): RequestTarget };
let clients: Record<string, Client> | undefined;
/**
 * Request targets by URL, parsed once: a transport sends every request to one URL, and node:http
 * would parse it into options again for each (about 5% of a small exchange's CPU).
 */
const targets = new Map<string, RequestTarget>();
const MAX_TARGETS = 64;
let nodeFetchFunction: FetchLike | undefined;

/**
 * A FetchLike over node:http, or undefined outside Node (Bun and Deno emulate node:http, but their
 * own fetch is the faster and better-trodden path there). It takes the transports' requests only
 * (string bodies, plain header records) and answers with a FetchResponse of plain members.
 */
export function nodeFetch(): FetchLike | undefined {
  const global = globalThis as { process?: NodeProcess; Deno?: unknown };
  const process = global.process;
  if (typeof process?.getBuiltinModule !== 'function' || process.versions?.bun !== undefined)
    return undefined;
  if (global.Deno !== undefined) return undefined;
  const load = (protocol: string): Client | undefined => {
    clients ??= {};
    const name = protocol === 'https:' ? 'node:https' : 'node:http';
    let client = clients[protocol];
    if (client === undefined && (protocol === 'http:' || protocol === 'https:')) {
      const module = process.getBuiltinModule?.(name) as NodeHttp;
      // One keep-alive pool per protocol for every transport, as fetch has one global dispatcher.
      // `timeout` bounds idle sockets (lowered by the server's Keep-Alive hint), as Node's global agent does.
      const agent = new module.Agent({ keepAlive: true, timeout: 5000, scheduling: 'lifo' });
      const urls = process.getBuiltinModule?.('node:url') as NodeUrl;
      const targetOf = (url: string): RequestTarget => {
        let target = targets.get(url);
        if (target === undefined) {
          if (targets.size === MAX_TARGETS) targets.clear();
          target = urls.urlToHttpOptions(new URL(url));
          targets.set(url, target);
        }
        return target;
      };
      client = { module, agent, targetOf };
      clients[protocol] = client;
    }
    return client;
  };
  nodeFetchFunction ??= (url, init = {}) =>
    send(
      {
        method: init.method ?? 'GET',
        url: String(url),
        headers: init.headers ?? {},
        body: init.body,
        signal: init.signal,
      },
      load,
      0,
    );
  return nodeFetchFunction;
}

async function send(
  request: NodeRequest,
  load: (protocol: string) => Client | undefined,
  redirects: number,
): Promise<FetchResponse> {
  const response = await exchange(request, load);
  const status = response.statusCode ?? 0;
  const location = response.headers.location;
  if (!REDIRECTS.has(status) || typeof location !== 'string') return new NodeResponse(response, request.url);
  response.resume(); // the redirect's own body is not needed; reading it frees the socket
  if (redirects === MAX_REDIRECTS) {
    throw new TypeError(
      `${request.method} ${request.url} redirected more than ${MAX_REDIRECTS} times in a row`,
    );
  }
  const url = new URL(location, request.url);
  // As fetch: 303 turns any request into a GET, 301 and 302 a POST; 307 and 308 resend it as it was.
  const toGet = status === 303 || (status < 303 && request.method === 'POST');
  const headers: Record<string, string> = {};
  const leaves = url.origin !== new URL(request.url).origin;
  for (const name in request.headers) {
    const lower = name.toLowerCase();
    if (leaves && CREDENTIAL_HEADERS.has(lower)) continue;
    if (toGet && lower.startsWith('content-')) continue;
    headers[name] = request.headers[name] as string;
  }
  const next: NodeRequest = { ...request, url: url.href, headers };
  if (toGet) {
    next.method = 'GET';
    next.body = undefined;
  }
  return send(next, load, redirects + 1);
}

async function exchange(
  request: NodeRequest,
  load: (protocol: string) => Client | undefined,
): Promise<IncomingMessage> {
  for (let retries = 0; ; retries++) {
    try {
      return await exchangeOnce(request, load);
    } catch (error) {
      const stale = error instanceof StaleSocketError;
      if (!stale || retries === STALE_SOCKET_RETRIES) throw stale ? error.cause : error;
    }
  }
}

function ignoreUnreadError(): void {}

/** A request that failed on a reused socket before any answer came (see STALE_SOCKET_RETRIES). */
class StaleSocketError extends Error {}

function exchangeOnce(
  request: NodeRequest,
  load: (protocol: string) => Client | undefined,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const protocol = request.url.slice(0, request.url.indexOf(':') + 1);
    const client = load(protocol);
    if (client === undefined) {
      reject(new TypeError(`${request.url} is not an http: or https: URL`));
      return;
    }
    const { method, headers, signal } = request;
    // The abort is wired here rather than through request's `signal` option, which costs a
    // stream end-of-life watcher per request; the listener goes when the exchange is over.
    // Once the answer came, the abort ends the answer (its reader sees the error), not the request:
    // the request's socket may by then be back in the pool or serving another exchange.
    let answer: IncomingMessage | undefined;
    const abort = () => {
      const error = new AbortError(signal?.reason);
      if (answer === undefined) outgoing.destroy(error);
      else if (!answer.complete) answer.destroy(error);
    };
    const settled = () => signal?.removeEventListener('abort', abort);
    const outgoing = client.module.request(
      { ...client.targetOf(request.url), method, headers, agent: client.agent },
      (response) => {
        response.on('close', settled);
        // A response destroyed with an error (an abort mid-stream) rejects whoever reads its body;
        // with no reader (a discarded SSE stream) the error has no one to tell, and an 'error'
        // event with no listener would crash the process.
        response.on('error', ignoreUnreadError);
        answer = response;
        resolve(response);
      },
    );
    outgoing.on('error', (error) => {
      settled();
      const stale =
        outgoing.reusedSocket === true &&
        STALE_SOCKET_ERRORS.has(error.code ?? '') &&
        signal?.aborted !== true;
      // The response callback has not run (an error after it goes to the response stream instead).
      reject(stale ? new StaleSocketError('stale kept-alive socket', { cause: error }) : error);
    });
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort);
    outgoing.end(request.body);
  });
}

/** A response read straight from the IncomingMessage: no Web Headers, Response or stream built. */
class NodeResponse implements FetchResponse {
  readonly status: number;
  readonly statusText: string | undefined;
  readonly ok: boolean;
  readonly url: string;
  readonly headers: { get(name: string): string | null };
  readonly body: NodeBody;
  readonly #response: IncomingMessage;

  constructor(response: IncomingMessage, url: string) {
    this.#response = response;
    this.status = response.statusCode ?? 0;
    this.statusText = response.statusMessage;
    this.ok = this.status > 199 && this.status < 300;
    this.url = url;
    const received = response.headers;
    this.headers = {
      get(name) {
        // Node lower-cases the names it received; set-cookie is the one header it keeps as an array.
        const value = received[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      },
    };
    this.body = new NodeBody(response);
  }

  text(): Promise<string> {
    const response = this.#response;
    return new Promise((resolve, reject) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve(text));
      response.on('error', reject);
      response.on('close', () => {
        if (!response.complete) reject(new Error('the connection closed before the body was complete'));
      });
    });
  }
}

/**
 * The body as the transports read it: an async iterable of bytes (SSE) and a `cancel` (unneeded
 * bodies), both of which give the connection back to the keep-alive pool when they can.
 */
class NodeBody implements AsyncIterable<Uint8Array> {
  readonly #response: IncomingMessage;

  constructor(response: IncomingMessage) {
    this.#response = response;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Uint8Array> {
    let finished = false;
    try {
      // Not destroyed on an early stop: cancel() keeps the socket when the body ends in time.
      yield* this.#response.iterator({ destroyOnReturn: false });
      finished = true;
    } finally {
      if (!finished) await this.cancel();
    }
  }

  async cancel(): Promise<void> {
    // The body is drained, so that the socket goes back to the pool: an SSE answer's stream ends
    // right after the response the transport stopped at, often in the next packet. A body still
    // coming a moment later (a server that keeps the stream open) is cut off, so nobody waits for it.
    const response = this.#response;
    response.resume();
    if (response.complete) return;
    const timer = setTimeout(() => response.destroy(), DRAIN_MS);
    (timer as { unref?: () => void }).unref?.();
    response.on('end', () => clearTimeout(timer));
  }
}

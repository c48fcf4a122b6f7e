// The Node path: undici's dispatcher (issue 41), the client under Node's own fetch, driven through
// its lowest-level `dispatch` API. One object per exchange is the handler undici calls back, the
// FetchResponse the transport reads and its body: no Web Headers, Request, Response or stream is
// built per call, and no node:http ClientRequest/IncomingMessage pair either, which together cost
// about a fifth more CPU per small call than undici (measured in issue 41). undici's Agent is loaded
// on the first request, through this file alone (the package's `node` condition), so browsers and
// neutral bundles carry none of it, and a program that never sends an HTTP request never loads it.
import type { FetchLike, FetchResponse } from './fetch.js';
import type { AbortState } from './signals.js';

/** What an aborted exchange fails with, as fetch's AbortError; the caller's reason is its cause. */
class AbortError extends Error {
  constructor(reason: unknown) {
    super('The request was aborted', { cause: reason });
    this.name = 'AbortError';
  }
}

/** The slice of undici read here (typed structurally: the package has no Node types). */
interface DispatchController {
  abort(reason: Error): void;
  pause(): void;
  resume(): void;
}
interface Dispatcher {
  dispatch(options: DispatchOptions, handler: Exchange): boolean;
  on(event: 'connect', listener: () => void): unknown;
}
interface DispatchOptions {
  origin: string;
  path: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}
type ResponseHeaders = Record<string, string | string[] | undefined>;
/** undici's chunks are Node Buffers, whose toString decodes. */
type Bytes = Uint8Array & { toString(encoding?: 'utf8'): string };
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
/** Unread chunks of a streamed body (SSE) after which the connection stops being read. */
const HIGH_WATER_CHUNKS = 16;
/**
 * Sends of one request on kept-alive sockets that turn out dead. A server may close an idle socket
 * just as the pool hands it out (its keep-alive timer and ours race, more so on a busy machine);
 * the request then fails before any answer, so the server never saw it and a fresh socket is safe.
 */
const STALE_SOCKET_RETRIES = 2;
const STALE_SOCKET_ERRORS = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** One request as the transports make it. */
interface NodeRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** A caller's AbortSignal, or the transport's LazyAbortController (no AbortSignal built per request). */
  signal: AbortState | undefined;
}

let dispatcher: Dispatcher | undefined;
let loading: Promise<Dispatcher> | undefined;
/** New connections the dispatcher opened so far: a request that saw none open went on a reused one. */
let connections = 0;
/** Request targets by URL, parsed once: a transport sends every request to one URL. */
const targets = new Map<string, { origin: string; path: string }>();
const MAX_TARGETS = 64;
let nodeFetchFunction: FetchLike | undefined;

/**
 * A FetchLike over undici, or undefined outside Node (Bun and Deno emulate Node's modules, but their
 * own fetch is the faster and better-trodden path there). It takes the transports' requests only
 * (string bodies, plain header records) and answers with a FetchResponse of plain members.
 */
export function nodeFetch(): FetchLike | undefined {
  const global = globalThis as { process?: NodeProcess; Deno?: unknown };
  const process = global.process;
  if (typeof process?.getBuiltinModule !== 'function' || process.versions?.bun !== undefined)
    return undefined;
  if (global.Deno !== undefined) return undefined;
  nodeFetchFunction ??= (url, init = {}) => {
    const request: NodeRequest = {
      method: init.method ?? 'GET',
      url: String(url),
      headers: init.headers ?? {},
      body: init.body,
      signal: init.signal,
    };
    return dispatcher === undefined
      ? loadDispatcher().then((loaded) => send(request, loaded, 0))
      : send(request, dispatcher, 0);
  };
  return nodeFetchFunction;
}

/** undici's Agent module alone (see importAgent): its public index has the same class. */
const AGENT_MODULE = 'undici/lib/dispatcher/agent.js';
type AgentClass = new (options: { headersTimeout: number; bodyTimeout: number }) => unknown;

/**
 * undici's Agent, from its own module when it is there: the package index also loads the fetch,
 * WebSocket and cookie code, whose cookie part reads `globalThis.Headers` and so makes Node load its
 * own bundled copy of undici too, about three times the time to the first request (issue 41). The
 * index is the fallback should a later undici move that file (a test checks it is the same class).
 */
function importAgent(): Promise<AgentClass> {
  return import(AGENT_MODULE).then(
    (module: { default: AgentClass }) => module.default,
    () => import('undici').then((undici) => undici.Agent as unknown as AgentClass),
  );
}

function loadDispatcher(): Promise<Dispatcher> {
  loading ??= importAgent().then((Agent) => {
    // One keep-alive pool per origin for every transport, as fetch has one global dispatcher. No
    // header or body timeouts: a tool call may take minutes before its JSON answer starts, and a
    // standalone SSE stream may stay quiet for hours (the client's request timeouts bound both).
    const agent = new Agent({ headersTimeout: 0, bodyTimeout: 0 }) as unknown as Dispatcher;
    agent.on('connect', () => {
      connections++;
    });
    dispatcher = agent;
    return agent;
  });
  return loading;
}

/**
 * The answer to `request`: the exchange's own promise, which settles with the response, or with
 * where a redirect or a retry on a fresh socket leads (no async frame or `then` per request).
 */
function send(
  request: NodeRequest,
  agent: Dispatcher,
  redirects: number,
  retries = 0,
): Promise<FetchResponse> {
  return new Exchange(request, agent, redirects, retries).settled;
}

/** Where the redirect `response` leads (as fetch follows them). */
function followed(
  request: NodeRequest,
  agent: Dispatcher,
  redirects: number,
  response: Exchange,
  location: string,
): Promise<FetchResponse> {
  void response.cancel(); // the redirect's own body is not needed; draining it frees the socket
  if (redirects === MAX_REDIRECTS) {
    throw new TypeError(
      `${request.method} ${request.url} redirected more than ${MAX_REDIRECTS} times in a row`,
    );
  }
  const url = new URL(location, request.url);
  // As fetch: 303 turns any request into a GET, 301 and 302 a POST; 307 and 308 resend it as it was.
  const toGet = response.status === 303 || (response.status < 303 && request.method === 'POST');
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
  return send(next, agent, redirects + 1);
}

/** `next`, run once undici's callback returned: a request is not dispatched from inside another's. */
function later(next: () => Promise<FetchResponse>): Promise<FetchResponse> {
  return Promise.resolve().then(next);
}

function targetOf(url: string): { origin: string; path: string } {
  let target = targets.get(url);
  if (target === undefined) {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw new TypeError(`${url} is not an http: or https: URL`);
    if (targets.size === MAX_TARGETS) targets.clear();
    target = { origin: parsed.origin, path: parsed.pathname + parsed.search };
    targets.set(url, target);
  }
  return target;
}

/**
 * One exchange: the handler undici calls, and once the head came, the response (and its body) the
 * transport reads. The body's chunks are kept until read: whole as text, or one by one (SSE).
 */
class Exchange implements FetchResponse {
  readonly settled: Promise<FetchResponse>;
  status = 0;
  statusText: string | undefined;
  ok = false;
  readonly url: string;
  #resolve!: (response: FetchResponse | Promise<FetchResponse>) => void;
  #reject!: (error: unknown) => void;
  readonly #signal: AbortState | undefined;
  readonly #request: NodeRequest;
  readonly #agent: Dispatcher;
  /** Redirects followed before this exchange, and sends of its request lost to stale sockets. */
  readonly #redirects: number;
  readonly #retries: number;
  #controller: DispatchController | undefined;
  #headers: ResponseHeaders | undefined;
  /** Connections opened when the request was handed over: none since means a reused socket. */
  readonly #connectionsAtDispatch = connections;
  #reusedSocket = false;
  #chunks: Bytes[] = [];
  #done = false;
  #error: unknown;
  #discarding = false;
  #paused = false;
  /** text() takes the body whole, so nothing is left for backpressure to protect. */
  #readingWhole = false;
  #wake: (() => void) | undefined;

  constructor(request: NodeRequest, agent: Dispatcher, redirects: number, retries: number) {
    this.url = request.url;
    this.#request = request;
    this.#agent = agent;
    this.#redirects = redirects;
    this.#retries = retries;
    this.#signal = request.signal;
    this.settled = new Promise((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    const signal = request.signal;
    if (signal?.aborted) {
      this.#reject(new AbortError(signal.reason));
      return;
    }
    // The abort is wired here rather than through undici's `signal` option, which reads an AbortSignal:
    // the transports pass a LazyAbortController that builds none. The listener goes when the exchange ends.
    signal?.addEventListener('abort', this.#abort);
    let target: { origin: string; path: string };
    try {
      target = targetOf(request.url);
    } catch (error) {
      this.#fail(error);
      return;
    }
    const { method, headers, body } = request;
    // Written out, not `{ ...target, method, ... }`: V8 copies a spread followed by more properties
    // through its slow path, about a hundred times the cost of this literal (measured on Node 20).
    agent.dispatch({ origin: target.origin, path: target.path, method, headers, body }, this);
  }

  readonly headers = this;

  /** A response header by name; undici lower-cases the names, and joins repeated ones into arrays. */
  get(name: string): string | null {
    const value = this.#headers?.[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }

  get body(): Exchange {
    return this;
  }

  readonly #abort = (): void => {
    const error = new AbortError(this.#signal?.reason);
    // Before the head came, the caller is told at once, even while the pool is still connecting.
    if (this.#headers === undefined) this.#reject(error);
    if (!this.#done) this.#controller?.abort(error);
  };

  onRequestStart(controller: DispatchController): void {
    this.#controller = controller;
    this.#reusedSocket = connections === this.#connectionsAtDispatch;
    if (this.#signal?.aborted) controller.abort(new AbortError(this.#signal.reason));
  }

  onResponseStart(
    _controller: DispatchController,
    status: number,
    headers: ResponseHeaders,
    statusText?: string,
  ): void {
    if (status < 200) return; // an informational head; the answer's own comes next
    this.status = status;
    this.ok = status < 300;
    this.statusText = statusText;
    this.#headers = headers;
    const location = REDIRECTS.has(status) ? this.get('location') : null;
    if (location === null) {
      this.#resolve(this);
      return;
    }
    this.#resolve(later(() => followed(this.#request, this.#agent, this.#redirects, this, location)));
  }

  onResponseData(controller: DispatchController, chunk: Bytes): void {
    if (this.#discarding) return;
    this.#chunks.push(chunk);
    if (this.#chunks.length >= HIGH_WATER_CHUNKS && !this.#paused && !this.#readingWhole) {
      this.#paused = true;
      controller.pause();
    }
    this.#wake?.();
  }

  onResponseEnd(): void {
    this.#done = true;
    this.#signal?.removeEventListener('abort', this.#abort);
    this.#wake?.();
  }

  onResponseError(_controller: DispatchController, error: Error & { code?: string }): void {
    if (
      this.#headers === undefined &&
      this.#reusedSocket &&
      STALE_SOCKET_ERRORS.has(error.code ?? '') &&
      !this.#signal?.aborted &&
      this.#retries < STALE_SOCKET_RETRIES
    ) {
      // The server never saw the request (see STALE_SOCKET_RETRIES): it goes again on a fresh socket.
      this.#signal?.removeEventListener('abort', this.#abort);
      this.#resolve(later(() => send(this.#request, this.#agent, this.#redirects, this.#retries + 1)));
      return;
    }
    this.#fail(error);
  }

  #fail(error: unknown): void {
    this.#signal?.removeEventListener('abort', this.#abort);
    this.#error = error;
    this.#reject(error);
    this.#wake?.();
  }

  /** Resolves when a chunk, the end or an error came. */
  #next(): Promise<void> {
    return new Promise((resolve) => {
      this.#wake = () => {
        this.#wake = undefined;
        resolve();
      };
    });
  }

  text(): Promise<string> {
    // A body that filled the queue before text() was called was paused; no one would resume it.
    this.#readingWhole = true;
    if (this.#paused) {
      this.#paused = false;
      this.#controller?.resume();
    }
    // A small body has usually ended by the time it is read: then no async frame is needed.
    if (this.#done && this.#error === undefined) return Promise.resolve(this.#takeText());
    return this.#textWhenDone();
  }

  async #textWhenDone(): Promise<string> {
    while (!this.#done && this.#error === undefined) await this.#next();
    if (this.#error !== undefined) throw this.#error;
    return this.#takeText();
  }

  /** The body's chunks so far, decoded as one text, and forgotten. */
  #takeText(): string {
    const chunks = this.#chunks;
    this.#chunks = [];
    if (chunks.length === 1) return (chunks[0] as Bytes).toString('utf8');
    if (chunks.length === 0) return '';
    // Joined before decoding: a character may be split between two chunks.
    let length = 0;
    for (const chunk of chunks) length += chunk.length;
    const joined = new Uint8Array(length);
    let offset = 0;
    for (const chunk of chunks) {
      joined.set(chunk, offset);
      offset += chunk.length;
    }
    return new TextDecoder().decode(joined);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Uint8Array> {
    let finished = false;
    try {
      for (;;) {
        if (this.#error !== undefined) throw this.#error;
        const chunk = this.#chunks.shift();
        if (chunk !== undefined) {
          if (this.#paused && this.#chunks.length < HIGH_WATER_CHUNKS / 2) {
            this.#paused = false;
            this.#controller?.resume();
          }
          yield chunk;
        } else if (this.#done) {
          finished = true;
          return;
        } else await this.#next();
      }
    } finally {
      // Not aborted on an early stop: cancel() keeps the socket when the body ends in time.
      if (!finished) await this.cancel();
    }
  }

  async cancel(): Promise<void> {
    // The body is drained, so that the socket goes back to the pool: an SSE answer's stream ends
    // right after the response the transport stopped at, often in the next packet. A body still
    // coming a moment later (a server that keeps the stream open) is cut off, so nobody waits for it.
    this.#chunks = [];
    if (this.#done || this.#error !== undefined || this.#discarding) return;
    this.#discarding = true;
    if (this.#paused) {
      this.#paused = false;
      this.#controller?.resume();
    }
    const timer = setTimeout(() => {
      if (!this.#done) this.#controller?.abort(new AbortError('the discarded body did not end in time'));
    }, DRAIN_MS);
    (timer as { unref?: () => void }).unref?.();
  }
}

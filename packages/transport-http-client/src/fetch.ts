/**
 * The slice of the Fetch API the transports use. Global `fetch`, node-fetch, undici and most
 * polyfills fit it; the response body may be a web ReadableStream or any async iterable of bytes.
 */
export type FetchLike = (url: string | URL, init?: FetchInit) => Promise<FetchResponse>;

/** The request options the transports pass to `fetch`. */
export interface FetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  [option: string]: unknown;
}

/** The response members the transports read. */
export interface FetchResponse {
  readonly status: number;
  readonly statusText?: string;
  readonly ok: boolean;
  readonly url?: string;
  readonly headers: {
    /** A response header by name (case-insensitive), or null. */
    get(name: string): string | null;
  };
  readonly body: unknown;
  /** Reads the whole response body as text. */
  text(): Promise<string>;
}

/** A layer around fetch (auth, retry, logging, tracing). Layers compose outside-in. */
export type FetchMiddleware = (next: FetchLike) => FetchLike;

/** Wraps `fetch` in `middleware`; the first layer sees each request first. */
export function applyMiddleware(fetch: FetchLike, middleware: readonly FetchMiddleware[] = []): FetchLike {
  return middleware.reduceRight<FetchLike>((next, layer) => layer(next), fetch);
}

/** The global fetch, bound so that browsers do not reject it as an illegal invocation. */
export function defaultFetch(): FetchLike {
  const global = globalThis as { fetch?: (url: string | URL, init?: RequestInit) => Promise<Response> };
  const fetch = global.fetch;
  if (typeof fetch !== 'function') {
    throw new TypeError(
      'No global fetch in this runtime: pass a fetch-compatible function as options.fetch (e.g. node-fetch).',
    );
  }
  return (url, init) => fetch.call(globalThis, url, init as RequestInit) as Promise<FetchResponse>;
}

/** Reads a response body chunk by chunk, whether it is a web ReadableStream or a Node-style async iterable. */
export async function* readBodyChunks(body: unknown): AsyncGenerator<Uint8Array> {
  if (body === null || body === undefined) return;
  if (typeof (body as ReadableStream<Uint8Array>).getReader === 'function') {
    const reader = (body as ReadableStream<Uint8Array>).getReader();
    let finished = false;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          finished = true;
          return;
        }
        yield value;
      }
    } finally {
      if (!finished) {
        // The consumer stopped early (abort, close, response found): cancel so the connection is freed.
        // A failing cancel only means the stream already errored, which the reader has reported.
        reader.cancel().catch(() => undefined);
      }
    }
  }
  if (typeof (body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator] === 'function') {
    for await (const chunk of body as AsyncIterable<Uint8Array | string>) {
      yield typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
    }
    return;
  }
  throw new TypeError('Response body is neither a ReadableStream nor an async iterable of bytes.');
}

/**
 * Drops a response body the transport does not need without reading it, so a server that
 * (wrongly) keeps such a stream open cannot stall the caller.
 */
export async function discardBody(response: FetchResponse): Promise<void> {
  const body = response.body as
    | { cancel?: () => Promise<void>; [Symbol.asyncIterator]?: () => AsyncIterator<unknown> }
    | null
    | undefined;
  if (body === null || body === undefined) return;
  if (typeof body.cancel === 'function') {
    await body.cancel();
    return;
  }
  await body[Symbol.asyncIterator]?.().return?.();
}

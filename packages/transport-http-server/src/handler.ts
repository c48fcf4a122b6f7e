import { createHandlerCore, type HandlerCore } from './core.js';
import type { HttpExchange, Reply } from './exchange.js';
import type { LegacySseTransport } from './legacy-sse.js';
import type { ConnectionInfo, StreamableHttpHandlerOptions } from './options.js';
import type { StreamableSessionTransport } from './session-transport.js';
import { readRequestText } from './web-body.js';

/**
 * Where a handler keeps its core, for the node:http adapter (`toNodeHandler`), which drives it
 * without Web objects. A registry symbol, so two bundled copies of this package still agree.
 */
export const HANDLER_CORE = Symbol.for('@mcpkit/transport-http-server.core');

/** A Web-standard fetch handler for MCP over HTTP, with lifecycle controls. */
export interface StreamableHttpHandler {
  /** `connection` tells what the server adapter knows of the socket (the Node adapter fills it). */
  (request: Request, connection?: ConnectionInfo): Promise<Response>;
  /**
   * Stops accepting requests (503), lets in-flight POSTs finish until `timeoutMs` (default the
   * `closeTimeoutMs` option), then closes every stream and session.
   */
  close(options?: { timeoutMs?: number }): Promise<void>;
  /** Sessions held by this handler (Streamable HTTP and legacy SSE); an initialize not yet answered with a result is not one. */
  readonly sessionCount: number;
  /**
   * Whether the `health` endpoint answers ready: true until `setReady(false)` or `close()` (after
   * which it stays false). Requests are served either way.
   */
  readonly ready: boolean;
  /**
   * Flips readiness by hand, e.g. `setReady(false)` on SIGTERM some seconds before `close()`, so
   * the load balancer has seen "draining" before the handler starts refusing new requests.
   */
  setReady(ready: boolean): void;
  /** Bytes of SSE events held for clients that are not reading, across the handler (a gauge for metrics). */
  readonly sseBufferedBytes: number;
  /** The transport of a live session, e.g. to call `closeRequestStream` or `closeStandaloneStream`. */
  getSession(sessionId: string): StreamableSessionTransport | LegacySseTransport | undefined;
  /** The handler's logic behind the Web API; `toNodeHandler` serves it without Web objects. */
  readonly [HANDLER_CORE]: HandlerCore;
}

/**
 * Builds the handler: Streamable HTTP (2025-03-26 to 2025-11-25) and 2026-07-28 at `endpoint`,
 * the 2024-11-05 HTTP+SSE transport at its two paths, secure defaults, and a Transport per session
 * for `onSession`. It is a Web `Request` -> `Response` function (Bun, Deno, Workers, Hono,
 * Next.js); on Node, `toNodeHandler` from `/node` serves the same handler on node:http directly.
 */
export function createStreamableHttpHandler(options: StreamableHttpHandlerOptions): StreamableHttpHandler {
  const core = createHandlerCore(options);
  const handler = async (request: Request, connection?: ConnectionInfo): Promise<Response> =>
    toResponse(await core.handle(new WebExchange(request), connection));
  // defineProperties, not Object.assign: assign would copy the getter's value once.
  return Object.defineProperties(handler, {
    close: { value: (closeOptions?: { timeoutMs?: number }) => core.close(closeOptions) },
    sessionCount: { get: () => core.sessionCount },
    ready: { get: () => core.ready },
    setReady: { value: (ready: boolean) => core.setReady(ready) },
    sseBufferedBytes: { get: () => core.sseBufferedBytes },
    getSession: { value: (sessionId: string) => core.getSession(sessionId) },
    [HANDLER_CORE]: { value: core },
  }) as StreamableHttpHandler;
}

function toResponse(reply: Reply): Response {
  const init = { status: reply.status, headers: reply.headers };
  if (reply.stream) return new Response(reply.stream.body, init);
  return new Response(reply.body ?? null, init);
}

/** A Web `Request` as the handler's exchange. */
class WebExchange implements HttpExchange {
  readonly #request: Request;
  #path: string | undefined;

  constructor(request: Request) {
    this.#request = request;
  }

  get method(): string {
    return this.#request.method;
  }

  get url(): string {
    return this.#request.url;
  }

  get path(): string {
    this.#path ??= new URL(this.#request.url).pathname;
    return this.#path;
  }

  get aborted(): boolean {
    return this.#request.signal.aborted;
  }

  header(name: string): string | undefined {
    return this.#request.headers.get(name) ?? undefined;
  }

  headerNames(): Iterable<string> {
    return this.#request.headers.keys();
  }

  webHeaders(): Headers {
    return this.#request.headers;
  }

  readText(limit: number) {
    return readRequestText(this.#request, limit);
  }

  onAbort(listener: () => void): void {
    const signal = this.#request.signal;
    if (signal.aborted) queueMicrotask(listener);
    else signal.addEventListener('abort', listener, { once: true });
  }
}

import type { Transport } from '@mcpkit/jsonrpc';
import type { RequestId } from '@mcpkit/protocol';

/** One HTTP request the handler answered (an SSE response: when its head goes out). */
export interface ResponseObservation {
  /** The HTTP method. */
  method: string;
  /** The URL path, e.g. `/mcp`. */
  path: string;
  status: number;
  /** From the request's arrival to its reply (by the `now` option's clock). */
  durationMs: number;
}

/** One JSON-RPC request of a client, once the server answered it. */
export interface CallObservation {
  /** The JSON-RPC method, e.g. `tools/call`. */
  method: string;
  /** From its delivery to the server to the answer being sent. */
  durationMs: number;
  /** The JSON-RPC error the server answered with; undefined for a result. */
  error: { code: number; message: string } | undefined;
  /** The session it belongs to; undefined for stateless and 2026-07-28 requests. */
  sessionId: string | undefined;
}

/**
 * Hooks for metrics and tracing (the `observe` option), each optional: nothing is measured for a
 * hook not given. They run synchronously on the request's path, so keep them cheap (count, record
 * a histogram value); a throwing hook is reported to `onerror` and changes nothing. Gauges are read
 * when wanted instead: the handler's `sessionCount` and `sseBufferedBytes`.
 *
 * MCP requests are observed (and changed, refused, traced) by server middleware, `McpServer.use`
 * from `@mcpkit/server`, the same on every transport; these hooks are the HTTP view.
 */
export interface HandlerObserver {
  /**
   * Every HTTP request to the handler except health probes, refusals (4xx/5xx) included: the HTTP
   * response view (status, path), which server middleware never sees.
   */
  onResponse?(info: ResponseObservation): void;
  /**
   * Every JSON-RPC request the server answered: count, latency and errors per method.
   *
   * @deprecated Use server middleware instead: `server.use(async (ctx, next) => { ... })` from
   * `@mcpkit/server` sees every MCP request on every transport (stdio too) with its params,
   * `_meta`, session and auth info, and its outcome. Kept for servers wired to this handler that are
   * not an `McpServer`; to be removed in the next major version.
   */
  onCall?(info: CallObservation): void;
}

/** Calls a hook, reporting what it throws to `onerror` (a broken metrics hook must not break requests). */
export function notify<T>(
  hook: ((info: T) => void) | undefined,
  info: T,
  onerror: (error: Error) => void,
): void {
  if (!hook) return;
  try {
    hook(info);
  } catch (error) {
    onerror(new Error('an observe hook threw', { cause: error }));
  }
}

/**
 * Watches a wired transport: each request delivered to the server (`onmessage`) starts a clock, the
 * answer it sends stops it. Only ids of open requests are held, and only by this transport.
 */
export function observeCalls(
  transport: Transport,
  observer: HandlerObserver & { onCall: NonNullable<HandlerObserver['onCall']> },
  now: () => number,
  onerror: (error: Error) => void,
): void {
  const open = new Map<RequestId, { method: string; started: number }>();
  const deliver = transport.onmessage;
  if (deliver) {
    transport.onmessage = (message, extra) => {
      if ('method' in message && 'id' in message)
        open.set(message.id, { method: message.method, started: now() });
      deliver.call(transport, message, extra);
    };
  }
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    if (!('method' in message) && 'id' in message && message.id !== null) {
      const call = open.get(message.id);
      if (call) {
        open.delete(message.id);
        notify(
          observer.onCall,
          {
            method: call.method,
            durationMs: now() - call.started,
            error:
              'error' in message ? { code: message.error.code, message: message.error.message } : undefined,
            sessionId: transport.sessionId,
          },
          onerror,
        );
      }
    }
    return send(message, options);
  };
}

import type { TransportSendOptions } from '@mcpkit/jsonrpc';
import type { JSONRPCMessage } from '@mcpkit/protocol';
import type { HttpAuthProvider } from './auth.js';
import type { FetchInit, FetchLike, FetchMiddleware } from './fetch.js';
import type { HeadersSource } from './http-helpers.js';
import type { ReconnectionOptions } from './reconnect.js';

/** Options shared by the Streamable HTTP and the legacy HTTP+SSE client transports. */
export interface HttpClientCommonOptions {
  /**
   * The fetch to use. Anything fetch-compatible works, e.g. node-fetch. Default: on Node, undici's
   * dispatcher with keep-alive connections; elsewhere the global fetch. Passing one (the
   * global `fetch` included), `middleware` or `requestInit` makes every request go through fetch.
   */
  fetch?: FetchLike;
  /** Layers around fetch, outermost first: retry, logging, tracing. */
  middleware?: readonly FetchMiddleware[];
  /** Headers added to every HTTP request: a static set or a function called per request. */
  headers?: HeadersSource;
  /** Further fetch options for every request, e.g. `{ credentials: 'include' }` in browsers. */
  requestInit?: Omit<FetchInit, 'method' | 'headers' | 'body' | 'signal'>;
  /**
   * Authorization (e.g. an OAuth client): its headers go on every request, and a 401 or 403 it
   * answers sends the request again (at most 3 times in a row). Works with fetch and the Node path alike.
   */
  auth?: HttpAuthProvider;
}

/**
 * Headers derived from one outgoing message. This is the seam for the 2026-07-28 revision
 * (`Mcp-Method`, `Mcp-Name`, `Mcp-Param-*`), whose values depend on the message and on tool
 * definitions that only the client knows.
 */
export type MessageHeaders = (
  message: JSONRPCMessage,
  protocolVersion: string | undefined,
) => Record<string, string> | undefined;

export interface StreamableHttpClientTransportOptions extends HttpClientCommonOptions {
  /** Resume an existing session instead of starting with none. */
  sessionId?: string;
  /** The protocol version header to send from the start (normally set by `setProtocolVersion`). */
  protocolVersion?: string;
  /**
   * Open the standalone GET SSE stream after `notifications/initialized` is sent, or at `start()`
   * when `sessionId` is given (default true; 405 is tolerated). If it breaks and reconnecting fails
   * with network errors until `reconnection.maxRetries`, the server is gone: the transport reports
   * the error and closes.
   */
  standaloneStream?: boolean;
  /** Backoff for resuming broken SSE streams when the server sent no `retry:` delay. */
  reconnection?: ReconnectionOptions;
  /** Send DELETE to end the session when the transport closes (default true; 405 is tolerated). */
  terminateSessionOnClose?: boolean;
  /** Bound on the DELETE sent by `close()`, in milliseconds (default 3000), so closing never hangs. */
  closeTimeoutMs?: number;
  /**
   * POST each message only once the previous POST got its response headers, so the server receives
   * messages in send order even when the caller does not await `send` (default false: messages
   * travel concurrently, as HTTP allows; a long request answered with plain JSON would otherwise
   * hold back every later message, cancellations included).
   */
  orderedSends?: boolean;
  /** Extra headers per message; see {@link MessageHeaders}. */
  messageHeaders?: MessageHeaders;
}

/** Per-send options of the HTTP client transports. */
export interface HttpSendOptions extends TransportSendOptions {
  /** Aborts this message's HTTP request and, for a request, stops reading its response stream. */
  signal?: AbortSignal;
}

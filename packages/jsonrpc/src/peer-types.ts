import type { JSONObject, RequestId } from '@mcpkit/protocol/essentials';
import type { MessageExtra, Transport } from './transport.js';

/** Progress reported by the peer for a request that carried a progress token. */
export interface Progress {
  progress: number;
  total?: number;
  message?: string;
}

/** Options of one outgoing request. */
export interface RequestOptions {
  /** Aborting sends `notifications/cancelled` and rejects the request with the signal's reason. */
  signal?: AbortSignal;
  /** Time without a response (or, with `resetTimeoutOnProgress`, without progress) before the request fails. */
  timeoutMs?: number;
  /** Upper bound on the whole request, however much progress arrives. */
  maxTotalTimeoutMs?: number;
  /** Restart the `timeoutMs` clock each time progress arrives (default true when `onprogress` is set). */
  resetTimeoutOnProgress?: boolean;
  /** Receives `notifications/progress`; setting it adds a progress token to `params._meta`. */
  onprogress?: (progress: Progress) => void;
  /** The incoming request this one is made on behalf of (routes it to that request's HTTP stream). */
  relatedRequestId?: RequestId;
}

/**
 * Options of sending a notification: the request it belongs to, so HTTP transports route it to that
 * request's stream.
 */
export interface NotificationOptions {
  relatedRequestId?: RequestId;
}

/** What a request handler receives besides params. */
export interface RequestContext {
  requestId: RequestId;
  method: string;
  /** Aborted when the peer cancels the request or the connection closes. */
  signal: AbortSignal;
  /** The progress token the requester supplied, if any. */
  progressToken?: string | number;
  /** Transport facts about the message (auth, session, headers). */
  extra?: MessageExtra;
  /** Send a notification tied to this request (e.g. progress, log). */
  sendNotification(method: string, params?: JSONObject): Promise<void>;
  /** Send a request to the peer on behalf of this one (e.g. sampling, elicitation). */
  sendRequest(method: string, params?: JSONObject, options?: RequestOptions): Promise<JSONObject>;
}

/** Handles one incoming JSON-RPC request and returns its result (or throws a `JsonRpcError`). */
export type RequestHandler = (
  params: JSONObject | undefined,
  ctx: RequestContext,
) => JSONObject | Promise<JSONObject>;
/** Handles one incoming JSON-RPC notification, with its params and what the transport knew about it. */
export type NotificationHandler = (
  params: JSONObject | undefined,
  extra?: MessageExtra,
) => void | Promise<void>;

/**
 * Options of `JsonRpcPeer`: the default request timeout, the most incoming requests in flight, and
 * error reporting.
 */
export interface PeerOptions {
  /** Default `timeoutMs` of outgoing requests (default 60 000). */
  defaultTimeoutMs?: number;
  /** Called for non-fatal problems: late/duplicate responses, handler failures in notifications, transport errors. */
  onerror?: (error: Error) => void;
  /**
   * Incoming requests handled at once on this connection (default 1024). One more is answered at
   * once with -32600 naming the limit, so a flood cannot pile up handlers without bound.
   */
  maxInFlightRequests?: number;
}

/**
 * The engine both server and client compose: one per connection. Allocates ids, correlates
 * responses, enforces timeouts, routes progress and cancellation, dispatches handlers by method.
 */
export interface Peer {
  /** Attaches the peer to a transport and starts it. */
  connect(transport: Transport): Promise<void>;
  /**
   * Sends a request and resolves with its result, or rejects with the error response, a timeout or a
   * cancellation.
   */
  request(method: string, params?: JSONObject, options?: RequestOptions): Promise<JSONObject>;
  /** Sends a notification. */
  notify(method: string, params?: JSONObject, options?: NotificationOptions): Promise<void>;
  /** Sets the handler of a request method, replacing any earlier one. */
  setRequestHandler(method: string, handler: RequestHandler): void;
  /** Removes the handler of a request method; later requests get -32601. */
  removeRequestHandler(method: string): void;
  /** Sets the handler of a notification method, replacing any earlier one. */
  setNotificationHandler(method: string, handler: NotificationHandler): void;
  /** Handles requests whose method has no handler (default: -32601). */
  fallbackRequestHandler?: RequestHandler;
  /** Closes the transport; pending requests fail with CONNECTION_CLOSED. */
  close(): Promise<void>;
  /** The connection closed; `reason` is the transport's (see `Transport.onclose`). */
  onclose?: (reason?: Error) => void;
  /** Receives non-fatal errors: malformed messages, handler failures, failed writes. */
  onerror?: (error: Error) => void;
}

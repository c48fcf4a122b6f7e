import {
  ErrorCode,
  type JSONObject,
  type JSONRPCErrorResponse,
  type JSONRPCRequest,
  type RequestId,
} from '@mcpkit/protocol/essentials';
import { JsonRpcError, McpkitError, McpkitErrorCode, toErrorResponse } from './errors.js';
import { IncomingRequests } from './incoming-requests.js';
import { findMessageProblem, readableId } from './message-check.js';
import {
  cancellationError,
  invalidMessage,
  isThenable,
  notConnected,
  reasonText,
  sendOptions,
  withProgressToken,
} from './peer-support.js';
import type {
  NotificationHandler,
  NotificationOptions,
  Peer,
  PeerOptions,
  RequestHandler,
  RequestOptions,
} from './peer-types.js';
import { PendingRequest, PendingRequests } from './pending-requests.js';
import { ALREADY_SENT, type MessageExtra, type Transport } from './transport.js';

const DEFAULT_TIMEOUT_MS = 60_000;
const CANCELLED = 'notifications/cancelled';
const PROGRESS = 'notifications/progress';
const HANDLER_FAILED = McpkitErrorCode.HandlerFailed;

type Incoming = Record<string, unknown> & { method?: string; id?: RequestId; params?: unknown };

/**
 * The JSON-RPC engine of one connection: allocates ids, correlates responses, enforces timeouts,
 * routes progress and cancellation both ways and dispatches incoming messages to handlers.
 * Incoming requests run concurrently; nothing received from the transport makes it throw.
 */
export class JsonRpcPeer implements Peer {
  fallbackRequestHandler?: RequestHandler;
  onclose?: (reason?: Error) => void;
  onerror?: (error: Error) => void;

  readonly #defaultTimeoutMs: number;
  // Made on first use, as the pending table is: an idle session (an HTTP server holds thousands)
  // keeps no empty Map, timer callback or table for requests it never sent or handlers it never set.
  #requestHandlers: Map<string, RequestHandler> | undefined;
  readonly #notificationHandlers = new Map<string, NotificationHandler>();
  #pending: PendingRequests | undefined;
  readonly #incoming: IncomingRequests;
  #transport: Transport | undefined;
  #nextId = 0;

  constructor(options?: PeerOptions) {
    this.#incoming = new IncomingRequests(
      this,
      (response, id) => this.#send(response, id),
      (error) => this.#report(error),
      options?.maxInFlightRequests,
    );
    this.#defaultTimeoutMs = options?.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (options?.onerror) this.onerror = options.onerror;
  }

  /** The connected transport, if any. */
  get transport(): Transport | undefined {
    return this.#transport;
  }

  /** @internal The id the next request goes out with (the client tells its middleware the id). */
  get nextRequestId(): number {
    return this.#nextId;
  }

  async connect(transport: Transport): Promise<void> {
    if (this.#transport !== undefined) {
      throw new McpkitError(
        McpkitErrorCode.AlreadyConnected,
        'This peer is already connected to a transport; close it before connecting another',
      );
    }
    this.#transport = transport;
    const previousOnClose = transport.onclose;
    const previousOnError = transport.onerror;
    transport.onmessage = (message, extra) => this.#receive(message, extra);
    transport.onclose = (reason) => {
      previousOnClose?.(reason);
      this.#handleClose(transport, reason);
    };
    transport.onerror = (error) => {
      previousOnError?.(error);
      this.#report(error);
    };
    try {
      await transport.start();
    } catch (error) {
      this.#transport = undefined;
      throw error;
    }
  }

  async close(): Promise<void> {
    const transport = this.#transport;
    if (transport === undefined) return;
    try {
      await transport.close();
    } finally {
      // A transport that forgot to call onclose (or failed to close) must not leave requests hanging.
      this.#handleClose(transport);
    }
  }

  setRequestHandler(method: string, handler: RequestHandler): void {
    this.#requestHandlers ??= new Map();
    this.#requestHandlers.set(method, handler);
  }

  removeRequestHandler(method: string): void {
    this.#requestHandlers?.delete(method);
  }

  setNotificationHandler(method: string, handler: NotificationHandler): void {
    this.#notificationHandlers.set(method, handler);
  }

  /** Removes the handler of a notification method. */
  removeNotificationHandler(method: string): void {
    this.#notificationHandlers.delete(method);
  }

  request(method: string, params?: JSONObject, options?: RequestOptions): Promise<JSONObject> {
    const transport = this.#transport;
    if (transport === undefined) return Promise.reject(notConnected(`request '${method}'`));
    const signal = options?.signal;
    if (signal?.aborted) return Promise.reject(cancellationError(signal.reason, method));
    const id = this.#nextId++;
    if (options?.onprogress !== undefined) params = withProgressToken(params, id);
    const message: JSONRPCRequest =
      params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };
    return new Promise<JSONObject>((resolve, reject) => {
      const pending = new PendingRequest(id, method, resolve, reject);
      if (options !== undefined) this.#applyOptions(pending, options);
      else pending.setTimeouts(this.#defaultTimeoutMs, undefined);
      this.#pending ??= new PendingRequests((expired) => this.#expire(expired));
      const table = this.#pending;
      table.add(pending);
      let sent: Promise<void>;
      try {
        sent = transport.send(message, sendOptions(pending.relatedRequestId));
      } catch (error) {
        table.take(id); // a transport that throws instead of rejecting
        return reject(error);
      }
      // Written at once (stdio's usual answer): nothing can fail any more, so no reaction (and no
      // microtask) is spent watching it.
      if (sent !== ALREADY_SENT) sent.then(undefined, (error: unknown) => table.take(id) && reject(error));
    });
  }

  notify(method: string, params?: JSONObject, options?: NotificationOptions): Promise<void> {
    const transport = this.#transport;
    if (transport === undefined) return Promise.reject(notConnected(`notification '${method}'`));
    const message =
      params === undefined
        ? { jsonrpc: '2.0' as const, method }
        : { jsonrpc: '2.0' as const, method, params };
    return transport.send(message, sendOptions(options?.relatedRequestId));
  }

  #applyOptions(pending: PendingRequest, options: RequestOptions): void {
    pending.setTimeouts(options.timeoutMs ?? this.#defaultTimeoutMs, options.maxTotalTimeoutMs);
    if (options.relatedRequestId !== undefined) pending.relatedRequestId = options.relatedRequestId;
    if (options.onprogress !== undefined) {
      pending.onprogress = options.onprogress;
      pending.resetOnProgress = options.resetTimeoutOnProgress ?? true;
    } else if (options.resetTimeoutOnProgress) {
      pending.resetOnProgress = true;
    }
    const signal = options.signal;
    if (signal !== undefined) {
      const onabort = () => this.#cancelOutgoing(pending, signal.reason);
      signal.addEventListener('abort', onabort, { once: true });
      pending.unlisten = () => signal.removeEventListener('abort', onabort);
    }
  }

  #cancelOutgoing(pending: PendingRequest, reason: unknown): void {
    if (this.#pending?.take(pending.id) === undefined) return;
    this.#sendCancelled(pending, reasonText(reason));
    pending.reject(cancellationError(reason, pending.method));
  }

  #expire(pending: PendingRequest): void {
    if (this.#pending?.take(pending.id) === undefined) return;
    const total = pending.hardDeadline <= pending.deadline;
    const limit = total ? 'maxTotalTimeoutMs' : 'timeoutMs';
    const message = `Request '${pending.method}' (id ${pending.id}) timed out: no response within ${limit}`;
    this.#sendCancelled(pending, message);
    pending.reject(new McpkitError(McpkitErrorCode.RequestTimeout, message, { data: { id: pending.id } }));
  }

  #sendCancelled(pending: PendingRequest, reason: string): void {
    const transport = this.#transport;
    if (transport === undefined) return;
    transport
      .send(
        { jsonrpc: '2.0', method: CANCELLED, params: { requestId: pending.id, reason } },
        sendOptions(pending.relatedRequestId),
      )
      .then(undefined, (error: unknown) => this.#reportSendFailure(error));
  }

  #receive(message: unknown, extra: MessageExtra | undefined): void {
    // One message per call, as the Transport contract says: transports split a batch themselves,
    // after bounding its size, so an array arriving here is refused like any other non-message.
    try {
      this.#receiveOne(message, extra);
    } catch (error) {
      // Handlers and callbacks are guarded one by one; this catches only an engine defect.
      this.#report(error instanceof Error ? error : new Error(String(error)));
    }
  }

  #receiveOne(value: unknown, extra: MessageExtra | undefined): void {
    const problem = findMessageProblem(value, '$');
    if (problem !== undefined) {
      this.#rejectInvalid(value, problem);
      return;
    }
    const message = value as Incoming;
    if (message.method !== undefined) {
      if (message.id !== undefined) this.#onRequest(message as unknown as JSONRPCRequest, extra);
      else this.#onNotification(message.method, message.params, extra);
    } else {
      this.#onResponse(message, extra);
    }
  }

  #onRequest(message: JSONRPCRequest, extra: MessageExtra | undefined): void {
    const { id, method, params } = message;
    if (Array.isArray(params)) {
      this.#sendError(
        id,
        JsonRpcError.invalidParams(`Invalid params for '${method}': expected an object, got an array`),
      );
      return;
    }
    const handler = this.#requestHandlers?.get(method) ?? this.fallbackRequestHandler;
    if (handler === undefined) {
      this.#sendError(id, JsonRpcError.methodNotFound(method));
      return;
    }
    this.#incoming.run(id, method, params, extra, handler);
  }

  #onNotification(method: string, params: unknown, extra: MessageExtra | undefined): void {
    if (params !== undefined && Array.isArray(params)) {
      this.#report(invalidMessage(`Notification '${method}' has array params; MCP params are objects`));
      return;
    }
    const object = params as JSONObject | undefined;
    if (method === CANCELLED) this.#incoming.cancel(object);
    else if (method === PROGRESS && this.#onProgress(object)) return;
    const handler = this.#notificationHandlers.get(method);
    if (handler === undefined) return;
    try {
      const outcome = handler(object, extra);
      if (isThenable(outcome))
        outcome.then(undefined, (error: unknown) =>
          this.#reportFailure(HANDLER_FAILED, `The notification handler for '${method}' failed`, error),
        );
    } catch (error) {
      this.#reportFailure(HANDLER_FAILED, `The notification handler for '${method}' failed`, error);
    }
  }

  /** Routes progress to the request that asked for it; false when no such request is pending. */
  #onProgress(params: JSONObject | undefined): boolean {
    const token = params?.progressToken;
    if (typeof token !== 'string' && typeof token !== 'number') return false;
    const pending = this.#pending?.get(token);
    if (pending?.onprogress === undefined) return false;
    this.#pending?.touch(pending);
    const progress = typeof params?.progress === 'number' ? params.progress : Number.NaN;
    const update: { progress: number; total?: number; message?: string } = { progress };
    if (typeof params?.total === 'number') update.total = params.total;
    if (typeof params?.message === 'string') update.message = params.message;
    try {
      pending.onprogress(update);
    } catch (error) {
      this.#reportFailure(
        HANDLER_FAILED,
        `The onprogress callback of request '${pending.method}' failed`,
        error,
      );
    }
    return true;
  }

  #onResponse(message: Incoming, extra: MessageExtra | undefined): void {
    const id = message.id as RequestId | null;
    const pending = id === null ? undefined : this.#pending?.take(id);
    if (pending === undefined) {
      const error = message.error as JSONRPCErrorResponse['error'] | undefined;
      const detail = error ? ` (error ${error.code}: ${error.message})` : '';
      this.#report(
        new McpkitError(
          McpkitErrorCode.UnknownResponse,
          `Ignored a response for id ${JSON.stringify(id)} that matches no pending request (late, duplicate or never sent)${detail}`,
          { data: { id } },
        ),
      );
      return;
    }
    if (message.error !== undefined) {
      pending.reject(
        JsonRpcError.fromErrorObject(message.error as JSONRPCErrorResponse['error'], extra?.cause),
      );
    } else {
      pending.resolve(message.result as JSONObject);
    }
  }

  #rejectInvalid(value: unknown, problem: string): void {
    const looksLikeRequest =
      typeof value === 'object' &&
      value !== null &&
      'method' in value &&
      (value as Incoming).id !== undefined;
    if (looksLikeRequest) {
      const id = readableId(value);
      this.#send(
        {
          jsonrpc: '2.0',
          id,
          error: { code: ErrorCode.InvalidRequest, message: `Invalid request at ${problem}` },
        },
        id ?? undefined,
      );
    } else {
      // Never answer what might be a response or a notification: that could loop between peers.
      this.#report(invalidMessage(`Ignored an invalid JSON-RPC message at ${problem}`));
    }
  }

  /** `error` is any thrown value (a JsonRpcError keeps its code; anything else is -32603). */
  #sendError(id: RequestId, error: unknown): void {
    this.#send(toErrorResponse(id, error), id);
  }

  #send(message: Parameters<Transport['send']>[0], relatedRequestId: RequestId | undefined): void {
    const transport = this.#transport;
    if (transport === undefined) return;
    const sent = transport.send(message, sendOptions(relatedRequestId));
    // Written at once (stdio's usual answer): nothing can fail any more, so nothing to wait for.
    if (sent === ALREADY_SENT) return;
    sent.then(undefined, (error: unknown) => {
      this.#reportSendFailure(error);
      // A result the transport could not write (not JSON: a handler's bug) still owes the requester
      // an answer; an error response that fails in turn is not retried.
      if ('result' in message) this.#sendError(message.id, error);
    });
  }

  #handleClose(transport: Transport, reason?: Error): void {
    if (this.#transport !== transport) return;
    this.#transport = undefined;
    for (const request of this.#pending?.drain() ?? []) {
      request.reject(
        new McpkitError(
          McpkitErrorCode.ConnectionClosed,
          `Connection closed before the response to '${request.method}' (id ${request.id}) arrived${reason ? `: ${reason.message}` : ''}`,
          { data: { id: request.id }, cause: reason },
        ),
      );
    }
    this.#incoming.abortAll();
    this.onclose?.(reason);
  }

  #reportSendFailure(error: unknown): void {
    this.#reportFailure(McpkitErrorCode.SendFailed, 'Failed to send a message', error);
  }

  /** Reports `error` (any thrown value) as `code`, its message after `what`. */
  #reportFailure(code: McpkitErrorCode, what: string, error: unknown): void {
    const detail = error instanceof Error ? error.message : String(error);
    this.#report(new McpkitError(code, `${what}: ${detail}`, { cause: error }));
  }

  #report(error: Error): void {
    this.onerror?.(error);
  }
}

import {
  HttpHeader,
  isStatelessProtocolVersion,
  type JSONRPCMessage,
  Method,
  type RequestId,
  standardHeaders,
} from '@mcpkit/protocol';
import { describeNetworkFailure, HttpTransportError, type HttpTransportErrorDetails } from './errors.js';
import type { FetchInit, FetchLike, FetchResponse } from './fetch.js';
import { errorFromResponse, isRequest, mediaType, resolveHeaders } from './http-helpers.js';
import { takesAbortState } from './requester.js';
import { LazyAbortController } from './signals.js';
import type { MessageHeaders, StreamableHttpClientTransportOptions } from './streamable-http-options.js';

const ACCEPT_POST = 'application/json, text/event-stream';

/** What the server and client agreed on so far; shared by the transport and its requests. */
export interface SessionState {
  sessionId: string | undefined;
  protocolVersion: string | undefined;
  /** The session the server answered 404 for, until the client initializes again. */
  expiredSessionId?: string | undefined;
}

/**
 * The HTTP side of the Streamable HTTP client: builds each request's headers (session, protocol
 * version, Last-Event-ID, per-message headers) and turns failed answers into precise errors.
 */
export class StreamableHttpRequests {
  /**
   * Set by a client that knows the tool catalog (`Mcp-Param-*`); wins over `options.messageHeaders`.
   * (`declare`: no field definition to ship, for the bundle budget.)
   */
  declare messageHeaders: MessageHeaders | undefined;

  readonly #fetch: FetchLike;
  /** The Node path reads a LazyAbortController itself; any other fetch gets a real signal. */
  readonly #takesAbortState: boolean;
  readonly #options: StreamableHttpClientTransportOptions;
  readonly #session: SessionState;
  /** Called when the server answered 404 to the current session. */
  readonly #onSessionExpired: () => void;

  constructor(
    readonly url: string,
    fetch: FetchLike,
    options: StreamableHttpClientTransportOptions,
    session: SessionState,
    onSessionExpired: () => void,
  ) {
    this.#fetch = fetch;
    this.#takesAbortState = takesAbortState(fetch);
    this.#options = options;
    this.#session = session;
    this.#onSessionExpired = onSessionExpired;
  }

  /** One HTTP request with the transport's headers; network failures become NETWORK errors. */
  async request(
    method: 'POST' | 'GET' | 'DELETE',
    signal: AbortSignal | LazyAbortController,
    message: JSONRPCMessage | undefined,
    extra: { lastEventId?: string | undefined; sessionId?: string } = {},
  ): Promise<FetchResponse> {
    // No extra headers (the usual case): no promise to wait for, so no extra turn per request.
    const source = this.#options.headers;
    const headers = source === undefined ? {} : await resolveHeaders(source);
    if (method !== 'DELETE') headers.accept = method === 'POST' ? ACCEPT_POST : 'text/event-stream';
    // A new initialize starts a new session: it carries neither the old session nor the old version.
    const isInitialize = message !== undefined && isInitializeRequest(message);
    const sessionId = isInitialize ? undefined : (extra.sessionId ?? this.#session.sessionId);
    const version = this.#session.protocolVersion;
    if (sessionId !== undefined) headers[HttpHeader.SessionId] = sessionId;
    if (version !== undefined && !isInitialize) headers[HttpHeader.ProtocolVersion] = version;
    if (extra.lastEventId !== undefined) headers[HttpHeader.LastEventId] = extra.lastEventId;
    if (message !== undefined) {
      headers['content-type'] = 'application/json';
      if (version !== undefined && isStatelessProtocolVersion(version))
        Object.assign(headers, standardHeaders(message));
      Object.assign(headers, (this.messageHeaders ?? this.#options.messageHeaders)?.(message, version));
    }
    try {
      const init: FetchInit = {
        method,
        headers,
        signal:
          signal instanceof LazyAbortController && !this.#takesAbortState
            ? signal.signal
            : (signal as AbortSignal),
      };
      if (message !== undefined) init.body = JSON.stringify(message);
      const extra = this.#options.requestInit;
      return await this.#fetch(this.url, extra === undefined ? init : { ...extra, ...init });
    } catch (error) {
      if (signal.aborted) throw abortError(signal, method, this.url);
      if (error instanceof HttpTransportError) throw error; // an auth challenge that failed
      throw new HttpTransportError(
        'NETWORK',
        `${method} ${this.url} failed: ${describeNetworkFailure(error)}`,
        {
          url: this.url,
          method,
          cause: error,
        },
      );
    }
  }

  /** GET an SSE stream (resuming after `lastEventId` when given); 'unsupported' when the server says 405. */
  async openGetStream(
    lastEventId: string | undefined,
    signal: AbortSignal,
  ): Promise<FetchResponse | 'unsupported'> {
    const sentSessionId = this.#session.sessionId;
    const response = await this.request('GET', signal, undefined, { lastEventId });
    if (response.status === 405) {
      await response.text();
      return 'unsupported';
    }
    if (!response.ok) throw await this.statusError(response, 'GET', sentSessionId, 'Opening an SSE stream');
    const type = mediaType(response);
    if (type !== 'text/event-stream') {
      await response.text();
      throw new HttpTransportError(
        'HTTP_STATUS',
        `GET ${this.url} answered with content type "${type || '(none)'}", expected text/event-stream`,
        { url: this.url, method: 'GET', status: response.status },
      );
    }
    return response;
  }

  /** DELETE the session (405, "not allowed", and 404, "already gone", are fine). */
  async deleteSession(sessionId: string, signal: AbortSignal): Promise<void> {
    const response = await this.request('DELETE', signal, undefined, { sessionId });
    if (this.#session.sessionId === sessionId) this.#session.sessionId = undefined;
    if (response.ok || response.status === 405 || response.status === 404) {
      await response.text();
      return;
    }
    throw await errorFromResponse(response, 'DELETE', this.url, `Terminating session ${sessionId} failed`);
  }

  /** The error for a non-2xx answer; a 404 to a request that carried a session means SESSION_EXPIRED. */
  async statusError(
    response: FetchResponse,
    method: string,
    sentSessionId: string | undefined,
    what: string,
  ): Promise<HttpTransportError> {
    const error = await errorFromResponse(response, method, this.url, what);
    if (response.status !== 404 || sentSessionId === undefined) return error;
    if (this.#session.sessionId === sentSessionId) {
      this.#session.sessionId = undefined;
      this.#session.expiredSessionId = sentSessionId;
      this.#onSessionExpired();
    }
    return sessionExpiredError(sentSessionId, `${method} ${this.url} answered 404`, {
      status: 404,
      url: this.url,
      method,
      cause: error,
      rpcError: error.rpcError,
    });
  }
}

export function sessionExpiredError(
  sessionId: string,
  why: string,
  details: HttpTransportErrorDetails = {},
): HttpTransportError {
  return new HttpTransportError(
    'SESSION_EXPIRED',
    `Session ${sessionId} expired or is unknown to the server (${why}); initialize again to start a new session`,
    details,
  );
}

export function isNotification(
  message: JSONRPCMessage,
  method: string,
): message is JSONRPCMessage & { method: string; params?: Record<string, unknown> } {
  return 'method' in message && !('id' in message) && message.method === method;
}

export function isInitializeRequest(message: JSONRPCMessage): boolean {
  return 'method' in message && 'id' in message && message.method === Method.Initialize;
}

export function requestIdOf(message: JSONRPCMessage): RequestId | undefined {
  return isRequest(message) ? message.id : undefined;
}

/** The error for an aborted request: the transport's own reason when it closed, else ABORTED. */
export function abortError(
  signal: { readonly reason: unknown },
  method: string,
  url: string,
): HttpTransportError {
  const reason = signal.reason;
  if (reason instanceof HttpTransportError) return reason;
  if ((reason as { name?: unknown } | undefined)?.name === 'TimeoutError') {
    return new HttpTransportError('ABORTED', `${method} ${url} timed out`, { url, method, cause: reason });
  }
  return new HttpTransportError('ABORTED', `${method} ${url} was aborted by the caller`, {
    url,
    method,
    cause: reason,
  });
}

import type { Transport } from '@mcpkit/jsonrpc';
import {
  ErrorCode,
  HttpHeader,
  isStatelessProtocolVersion,
  type JSONRPCMessage,
  Method,
  Notification,
  type RequestId,
} from '@mcpkit/protocol';
import { findHttpTransportError, HttpTransportError } from './errors.js';
import { applyMiddleware, defaultFetch, type FetchLike, type FetchResponse } from './fetch.js';
import {
  decodeMessages,
  errorFromResponse,
  isRequest,
  isResponse,
  mediaType,
  resolveHeaders,
} from './http-helpers.js';
import { type ReconnectionOptions, resolveReconnection } from './reconnect.js';
import { runResumableStream } from './resumable-stream.js';
import type { HttpSendOptions, StreamableHttpClientTransportOptions } from './streamable-http-options.js';

const ACCEPT_POST = 'application/json, text/event-stream';

/**
 * MCP client transport for Streamable HTTP (revisions 2025-03-26 to 2025-11-25): one POST per
 * message, JSON or SSE answers, session and protocol-version headers, an optional standalone GET
 * stream, and resumption of broken SSE streams with `Last-Event-ID` (SEP-1699).
 */
export class StreamableHttpClientTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  sessionId?: string;

  readonly url: string;
  private version: string | undefined;
  private readonly fetch: FetchLike;
  private readonly reconnection: Required<ReconnectionOptions>;
  private state: 'new' | 'started' | 'closed' = 'new';
  private readonly lifetime = new AbortController();
  private readonly requestStreams = new Map<RequestId, AbortController>();
  private standalone: AbortController | undefined;
  private sendQueue: Promise<void> = Promise.resolve();

  constructor(
    url: string | URL,
    private readonly options: StreamableHttpClientTransportOptions = {},
  ) {
    this.url = new URL(url).href;
    this.fetch = applyMiddleware(options.fetch ?? defaultFetch(), options.middleware);
    this.reconnection = resolveReconnection(options.reconnection);
    if (options.sessionId !== undefined) this.sessionId = options.sessionId;
    this.version = options.protocolVersion;
  }

  /** The protocol version sent in `MCP-Protocol-Version`, once negotiated. */
  get protocolVersion(): string | undefined {
    return this.version;
  }

  setProtocolVersion(version: string): void {
    this.version = version;
  }

  async start(): Promise<void> {
    if (this.state !== 'new') {
      throw new Error(
        `StreamableHttpClientTransport.start() called twice (state: ${this.state}); start it once`,
      );
    }
    this.state = 'started';
    // A transport given an existing session is past initialization: listen right away.
    if (this.sessionId !== undefined) this.openStandaloneStream();
  }

  async send(message: JSONRPCMessage, options: HttpSendOptions = {}): Promise<void> {
    this.assertOpen(message);
    const requestId = isRequest(message) ? message.id : undefined;
    if (options.resumptionToken !== undefined) {
      this.resumeFromToken(requestId, options);
      return;
    }
    const link = this.linkedController(options.signal);
    if (requestId !== undefined) this.requestStreams.set(requestId, link.controller);
    const turn = this.options.orderedSends ? this.takeTurn() : undefined;
    let streaming = false;
    try {
      if (turn) {
        await turn.ready;
        this.assertOpen(message);
      }
      const sentSessionId = isInitializeRequest(message) ? undefined : this.sessionId;
      let response: FetchResponse;
      try {
        response = await this.request('POST', link.controller.signal, message);
      } finally {
        turn?.done();
      }
      streaming = await this.handlePostResponse(message, response, sentSessionId, link, options);
    } catch (error) {
      const failure = link.controller.signal.aborted
        ? abortError(link.controller.signal, 'POST', this.url)
        : error;
      throw this.reported(failure);
    } finally {
      turn?.done();
      if (!streaming) {
        link.release();
        if (requestId !== undefined) this.requestStreams.delete(requestId);
      }
      this.abortCancelledStream(message);
    }
    if (isNotification(message, Notification.Initialized)) this.openStandaloneStream();
  }

  async close(): Promise<void> {
    await this.shutdown(this.options.terminateSessionOnClose !== false);
  }

  private async shutdown(terminateSession: boolean): Promise<void> {
    if (this.state === 'closed') return;
    this.state = 'closed';
    const sessionId = this.sessionId;
    this.lifetime.abort(new HttpTransportError('CLOSED', 'The transport was closed'));
    if (sessionId !== undefined && terminateSession) {
      try {
        await this.deleteSession(sessionId, AbortSignal.timeout(this.options.closeTimeoutMs ?? 3000));
      } catch (error) {
        this.onerror?.(error as Error);
      }
    }
    this.onclose?.();
  }

  /** Ends the session with DELETE (405, "not allowed", and 404, "already gone", are tolerated). */
  async terminateSession(): Promise<void> {
    const sessionId = this.sessionId;
    if (sessionId === undefined) return;
    this.standalone?.abort();
    await this.deleteSession(sessionId, this.lifetime.signal);
  }

  private async deleteSession(sessionId: string, signal: AbortSignal): Promise<void> {
    const response = await this.request('DELETE', signal, undefined, { sessionId });
    if (this.sessionId === sessionId) this.sessionId = undefined;
    if (response.ok || response.status === 405 || response.status === 404) {
      await response.text();
      return;
    }
    throw await errorFromResponse(response, 'DELETE', this.url, `Terminating session ${sessionId} failed`);
  }

  private async handlePostResponse(
    message: JSONRPCMessage,
    response: FetchResponse,
    sentSessionId: string | undefined,
    link: StreamLink,
    options: HttpSendOptions,
  ): Promise<boolean> {
    const sessionId = response.headers.get(HttpHeader.SessionId);
    if (sessionId) this.sessionId = sessionId;
    const what = 'method' in message ? `Sending ${message.method}` : 'Sending a response';
    if (!response.ok) throw await this.statusError(response, 'POST', sentSessionId, what);
    if (response.status === 202 || requestIdOf(message) === undefined) {
      await response.text();
      return false;
    }
    const requestId = requestIdOf(message) as RequestId;
    const type = mediaType(response);
    if (type === 'text/event-stream') {
      void this.followStream(`the SSE stream of request ${String(requestId)}`, requestId, link, {
        first: response,
        onresumptiontoken: options.onresumptiontoken,
      });
      return true;
    }
    if (type === 'application/json') {
      const body = await response.text();
      const messages = decodeMessages(
        body,
        `The JSON response to request ${String(requestId)} from POST ${this.url}`,
      );
      for (const received of messages) this.onmessage?.(received);
      if (!messages.some((received) => isResponse(received) && received.id === requestId)) {
        throw new HttpTransportError(
          'INVALID_RESPONSE',
          `The JSON response from POST ${this.url} holds no response to request ${String(requestId)}`,
          { url: this.url, method: 'POST', status: response.status },
        );
      }
      return false;
    }
    await response.text();
    throw new HttpTransportError(
      'INVALID_RESPONSE',
      `POST ${this.url} answered request ${String(requestId)} with content type "${type || '(none)'}", expected application/json or text/event-stream`,
      { url: this.url, method: 'POST', status: response.status },
    );
  }

  /** Reads (and resumes) an SSE stream in the background; a request stream that cannot finish gets an error response. */
  private async followStream(
    description: string,
    requestId: RequestId | undefined,
    link: StreamLink,
    extra: {
      first?: FetchResponse;
      lastEventId?: string;
      onresumptiontoken?: ((token: string) => void) | undefined;
    },
  ): Promise<void> {
    const { controller } = link;
    let connected = extra.first !== undefined;
    try {
      await runResumableStream({
        description,
        ...(requestId === undefined ? {} : { requestId }),
        ...(extra.first ? { first: extra.first } : {}),
        ...(extra.lastEventId === undefined ? {} : { lastEventId: extra.lastEventId }),
        signal: controller.signal,
        reconnection: this.reconnection,
        open: async (lastEventId, signal) => {
          const opened = await this.openGetStream(lastEventId, signal);
          if (opened !== 'unsupported') connected = true;
          return opened;
        },
        deliver: (message) => this.onmessage?.(message),
        onInvalid: (error) => this.onerror?.(error),
        ...(extra.onresumptiontoken ? { onEventId: extra.onresumptiontoken } : {}),
      });
    } catch (error) {
      this.onerror?.(error as Error);
      const lost = error instanceof HttpTransportError && error.code === 'STREAM_INTERRUPTED';
      const unreachable = lost && findHttpTransportError(error.cause, 'NETWORK') !== undefined;
      if (requestId === undefined && lost && (connected || unreachable) && !controller.signal.aborted) {
        // The standalone stream is the live link to the server; once it is gone for good, so is the
        // connection. (A server that merely refuses GET with an HTTP status is not gone.)
        void this.shutdown(false);
        return;
      }
      if (requestId !== undefined && !controller.signal.aborted) {
        const reason = error as HttpTransportError;
        this.onmessage?.({
          jsonrpc: '2.0',
          id: requestId,
          error: { code: ErrorCode.ConnectionClosed, message: reason.message, data: { reason: reason.code } },
        });
      }
    } finally {
      link.release();
      if (requestId !== undefined && this.requestStreams.get(requestId) === controller) {
        this.requestStreams.delete(requestId);
      }
    }
  }

  private async openGetStream(
    lastEventId: string | undefined,
    signal: AbortSignal,
  ): Promise<FetchResponse | 'unsupported'> {
    const sentSessionId = this.sessionId;
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

  /** A sent `notifications/cancelled` also stops reading the cancelled request's stream. */
  private abortCancelledStream(message: JSONRPCMessage): void {
    if (!isNotification(message, Notification.Cancelled)) return;
    const cancelled = message.params?.requestId;
    if (typeof cancelled === 'string' || typeof cancelled === 'number')
      this.requestStreams.get(cancelled)?.abort();
  }

  private openStandaloneStream(): void {
    const stateless = this.version !== undefined && isStatelessProtocolVersion(this.version);
    if (this.options.standaloneStream === false || stateless || this.standalone || this.state !== 'started')
      return;
    const link = this.linkedController(undefined);
    this.standalone = link.controller;
    void this.followStream('the standalone GET SSE stream', undefined, link, {}).finally(() => {
      if (this.standalone === link.controller) this.standalone = undefined;
    });
  }

  /** Re-attaches to a stream interrupted earlier (e.g. before a restart), from its last event id. */
  private resumeFromToken(requestId: RequestId | undefined, options: HttpSendOptions): void {
    const link = this.linkedController(options.signal);
    if (requestId !== undefined) this.requestStreams.set(requestId, link.controller);
    const what =
      requestId === undefined
        ? 'a resumed SSE stream'
        : `the resumed SSE stream of request ${String(requestId)}`;
    void this.followStream(what, requestId, link, {
      lastEventId: options.resumptionToken,
      onresumptiontoken: options.onresumptiontoken,
    });
  }

  /** One HTTP request with the transport's headers; network failures become NETWORK errors. */
  private async request(
    method: 'POST' | 'GET' | 'DELETE',
    signal: AbortSignal,
    message: JSONRPCMessage | undefined,
    extra: { lastEventId?: string | undefined; sessionId?: string } = {},
  ): Promise<FetchResponse> {
    const headers = await resolveHeaders(this.options.headers);
    headers.accept = method === 'POST' ? ACCEPT_POST : 'text/event-stream';
    if (method === 'DELETE') delete headers.accept;
    // A new initialize starts a new session: it carries neither the old session nor the old version.
    const isInitialize = message !== undefined && isInitializeRequest(message);
    const sessionId = isInitialize ? undefined : (extra.sessionId ?? this.sessionId);
    if (sessionId !== undefined) headers[HttpHeader.SessionId] = sessionId;
    if (this.version !== undefined && !isInitialize) headers[HttpHeader.ProtocolVersion] = this.version;
    if (extra.lastEventId !== undefined) headers[HttpHeader.LastEventId] = extra.lastEventId;
    if (message !== undefined) {
      headers['content-type'] = 'application/json';
      Object.assign(headers, this.options.messageHeaders?.(message, this.version));
    }
    try {
      return await this.fetch(this.url, {
        ...this.options.requestInit,
        method,
        headers,
        ...(message === undefined ? {} : { body: JSON.stringify(message) }),
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw abortError(signal, method, this.url);
      const reason = error instanceof Error ? error.message : String(error);
      throw new HttpTransportError('NETWORK', `${method} ${this.url} failed: ${reason}`, {
        url: this.url,
        method,
        cause: error,
      });
    }
  }

  private async statusError(
    response: FetchResponse,
    method: string,
    sentSessionId: string | undefined,
    what: string,
  ): Promise<HttpTransportError> {
    const error = await errorFromResponse(response, method, this.url, what);
    if (response.status !== 404 || sentSessionId === undefined) return error;
    if (this.sessionId === sentSessionId) this.sessionId = undefined;
    this.standalone?.abort();
    return new HttpTransportError(
      'SESSION_EXPIRED',
      `Session ${sentSessionId} expired or is unknown to the server (${method} ${this.url} answered 404); initialize again to start a new session`,
      {
        status: 404,
        url: this.url,
        method,
        cause: error,
        ...(error.rpcError ? { rpcError: error.rpcError } : {}),
      },
    );
  }

  /** A place in the send queue: `ready` once every earlier POST got its response headers. */
  private takeTurn(): { ready: Promise<void>; done(): void } {
    const ready = this.sendQueue;
    let done = () => {};
    this.sendQueue = new Promise<void>((resolve) => {
      done = resolve;
    });
    return { ready, done };
  }

  /** An AbortController aborted when the transport closes or `signal` aborts; release it when done. */
  private linkedController(signal: AbortSignal | undefined): StreamLink {
    const controller = new AbortController();
    const onClose = () => controller.abort(this.lifetime.signal.reason);
    const onAbort = () => controller.abort(signal?.reason);
    if (this.lifetime.signal.aborted) onClose();
    if (signal?.aborted) onAbort();
    this.lifetime.signal.addEventListener('abort', onClose, { once: true });
    signal?.addEventListener('abort', onAbort, { once: true });
    const release = () => {
      this.lifetime.signal.removeEventListener('abort', onClose);
      signal?.removeEventListener('abort', onAbort);
    };
    controller.signal.addEventListener('abort', release, { once: true });
    return { controller, release };
  }

  private assertOpen(message: JSONRPCMessage): void {
    if (this.state === 'started') return;
    const what = 'method' in message ? message.method : 'a response';
    throw new HttpTransportError(
      'CLOSED',
      this.state === 'new'
        ? `Cannot send ${what}: call start() before send()`
        : `Cannot send ${what}: the transport is closed`,
    );
  }

  private reported(error: unknown): Error {
    const failure = error instanceof Error ? error : new Error(String(error));
    const quiet =
      failure instanceof HttpTransportError && (failure.code === 'CLOSED' || failure.code === 'ABORTED');
    if (!quiet) this.onerror?.(failure);
    return failure;
  }
}

/** An abort controller tied to the transport's lifetime and to a caller's signal. */
interface StreamLink {
  controller: AbortController;
  release(): void;
}

function isNotification(
  message: JSONRPCMessage,
  method: string,
): message is JSONRPCMessage & { method: string; params?: Record<string, unknown> } {
  return 'method' in message && !('id' in message) && message.method === method;
}

function isInitializeRequest(message: JSONRPCMessage): boolean {
  return 'method' in message && 'id' in message && message.method === Method.Initialize;
}

function requestIdOf(message: JSONRPCMessage): RequestId | undefined {
  return isRequest(message) ? message.id : undefined;
}

function abortError(signal: AbortSignal, method: string, url: string): HttpTransportError {
  const reason = signal.reason;
  if (reason instanceof HttpTransportError) return reason;
  return new HttpTransportError('ABORTED', `${method} ${url} was aborted by the caller`, {
    url,
    method,
    cause: reason,
  });
}

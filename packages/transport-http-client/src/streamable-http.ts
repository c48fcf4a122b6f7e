import { decodeMessage, type Transport, type WireLog, wireLogFromEnvironment } from '@mcpkit/jsonrpc';
import {
  ErrorCode,
  HttpHeader,
  isStatelessProtocolVersion,
  type JSONRPCMessage,
  Notification,
  type RequestId,
} from '@mcpkit/protocol';
import { findHttpTransportError, HttpTransportError } from './errors.js';
import { discardBody, type FetchResponse } from './fetch.js';
import { decodeMessages, isRequest, isResponse, mediaType } from './http-helpers.js';
import { type ReconnectionOptions, resolveReconnection } from './reconnect.js';
import { chooseFetch } from './requester.js';
import { runResumableStream } from './resumable-stream.js';
import { type AbortLink, AbortScope, type LazyAbortController } from './signals.js';
import type {
  HttpSendOptions,
  MessageHeaders,
  StreamableHttpClientTransportOptions,
} from './streamable-http-options.js';
import {
  abortError,
  isInitializeRequest,
  isNotification,
  requestIdOf,
  type SessionState,
  StreamableHttpRequests,
  sessionExpiredError,
} from './streamable-http-requests.js';

const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/**
 * MCP client transport for Streamable HTTP (revisions 2025-03-26 to 2025-11-25): one POST per
 * message, JSON or SSE answers, session and protocol-version headers, an optional standalone GET
 * stream, and resumption of broken SSE streams with `Last-Event-ID` (SEP-1699).
 */
export class StreamableHttpClientTransport implements Transport {
  // `declare`: set once assigned (callbacks) or by the constructor; no field definitions to ship
  // (bundle budget). Internals are `#` members, whose names a minifier shortens.
  declare onmessage?: Transport['onmessage'];
  declare onclose?: (reason?: Error) => void;
  declare onerror?: (error: Error) => void;
  declare readonly url: string;
  readonly #options: StreamableHttpClientTransportOptions;
  readonly #session: SessionState;
  readonly #http: StreamableHttpRequests;
  readonly #reconnection: Required<ReconnectionOptions>;
  #state: 'new' | 'started' | 'closed' = 'new';
  readonly #lifetime = new AbortScope();
  readonly #requestStreams = new Map<RequestId, LazyAbortController>();
  #standalone: LazyAbortController | undefined;
  #sendQueue: Promise<void> = Promise.resolve();
  /** Logs each message received and sent (`MCPKIT_DEBUG=wire`); undefined when that is off. */
  #wireLog: WireLog | undefined;

  constructor(url: string | URL, options: StreamableHttpClientTransportOptions = {}) {
    this.#options = options;
    this.url = new URL(url).href;
    this.#reconnection = resolveReconnection(options.reconnection);
    this.#session = { sessionId: options.sessionId, protocolVersion: options.protocolVersion };
    this.#http = new StreamableHttpRequests(this.url, chooseFetch(options), options, this.#session, () =>
      this.#standalone?.abort(),
    );
  }

  /**
   * Installs the per-message header hook (SEP-2243 `Mcp-Param-*` mirrors); `McpClient.connect` calls
   * it, so a client's tool catalog reaches the headers without wiring. Wins over `options.messageHeaders`.
   */
  setMessageHeaders(hook: MessageHeaders | undefined): void {
    this.#http.messageHeaders = hook;
  }

  /** The session the server assigned at initialization (sent as `Mcp-Session-Id`), if any. */
  get sessionId(): string | undefined {
    return this.#session.sessionId;
  }

  set sessionId(sessionId: string | undefined) {
    this.#session.sessionId = sessionId;
  }

  /** The protocol version sent in `MCP-Protocol-Version`, once negotiated. */
  get protocolVersion(): string | undefined {
    return this.#session.protocolVersion;
  }

  setProtocolVersion(version: string): void {
    this.#session.protocolVersion = version;
  }

  async start(): Promise<void> {
    if (this.#state !== 'new') {
      throw new Error(
        `StreamableHttpClientTransport.start() called twice (state: ${this.#state}); start it once`,
      );
    }
    this.#state = 'started';
    this.#wireLog = wireLogFromEnvironment('http-client');
    // A transport given an existing session is past initialization: listen right away.
    if (this.sessionId !== undefined) this.#openStandaloneStream();
  }

  async send(message: JSONRPCMessage, options: HttpSendOptions = {}): Promise<void> {
    this.#assertOpen(message);
    this.#assertSessionUsable(message);
    if (this.#wireLog !== undefined) this.#wireLog('out', message, this.sessionId);
    const requestId = isRequest(message) ? message.id : undefined;
    if (options.resumptionToken !== undefined) {
      this.#resumeFromToken(requestId, options);
      return;
    }
    const link = this.#lifetime.link(options.signal);
    if (requestId !== undefined) this.#requestStreams.set(requestId, link.controller);
    const turn = this.#options.orderedSends ? this.#takeTurn() : undefined;
    let streaming = false;
    try {
      if (turn) {
        await turn.ready;
        this.#assertOpen(message);
      }
      const sentSessionId = isInitializeRequest(message) ? undefined : this.sessionId;
      let response: FetchResponse;
      try {
        response = await this.#http.request('POST', link.controller, message);
      } finally {
        turn?.done();
      }
      streaming = await this.#handlePostResponse(message, response, sentSessionId, link, options);
    } catch (error) {
      const failure = link.controller.aborted ? abortError(link.controller, 'POST', this.url) : error;
      throw this.#reported(failure);
    } finally {
      turn?.done();
      if (!streaming) {
        link.release();
        if (requestId !== undefined) this.#requestStreams.delete(requestId);
      }
      this.#abortCancelledStream(message);
    }
    if (isNotification(message, Notification.Initialized)) this.#openStandaloneStream();
  }

  async close(): Promise<void> {
    await this.#shutdown(this.#options.terminateSessionOnClose !== false);
  }

  async #shutdown(terminateSession: boolean, reason?: Error): Promise<void> {
    if (this.#state === 'closed') return;
    this.#state = 'closed';
    const sessionId = this.sessionId;
    this.#lifetime.abort(new HttpTransportError('CLOSED', 'The transport was closed'));
    if (sessionId !== undefined && terminateSession) {
      try {
        await this.#http.deleteSession(sessionId, AbortSignal.timeout(this.#options.closeTimeoutMs ?? 3000));
      } catch (error) {
        this.onerror?.(error as Error);
      }
    }
    this.onclose?.(reason);
  }

  /** Ends the session with DELETE (405, "not allowed", and 404, "already gone", are tolerated). */
  async terminateSession(): Promise<void> {
    const sessionId = this.sessionId;
    if (sessionId === undefined) return;
    this.#standalone?.abort();
    await this.#http.deleteSession(sessionId, this.#lifetime.signal);
  }

  async #handlePostResponse(
    message: JSONRPCMessage,
    response: FetchResponse,
    sentSessionId: string | undefined,
    link: AbortLink,
    options: HttpSendOptions,
  ): Promise<boolean> {
    const sessionId = response.headers.get(HttpHeader.SessionId);
    // Servers echo the session on every answer: the one already held was checked when it came.
    if (sessionId !== null && sessionId !== '' && sessionId !== this.#session.sessionId) {
      if (!VISIBLE_ASCII.test(sessionId)) {
        await discardBody(response);
        throw this.#invalidResponse(
          response,
          `POST ${this.url} assigned the session id ${JSON.stringify(sessionId)}, which has characters outside visible ASCII (0x21-0x7E) as the spec requires`,
        );
      }
      this.sessionId = sessionId;
    }
    if (!response.ok) {
      // 2026-07-28 answers protocol errors with 4xx statuses (-32601 is 404, -32602/-32022 are 400):
      // a JSON-RPC error for this very request is its answer, not a transport failure.
      const read = await this.#deliverErrorAnswer(message, response);
      if (read === true) return false;
      throw await this.#http.statusError(read, 'POST', sentSessionId, `Sending ${nameOf(message)}`);
    }
    if (response.status === 202) {
      await response.text(); // empty by definition; reading it lets the connection be reused
      return false;
    }
    const requestId = requestIdOf(message);
    if (requestId === undefined) {
      await discardBody(response);
      return false;
    }
    const type = mediaType(response);
    if (type === 'text/event-stream') {
      void this.#followStream(`the SSE stream of request ${String(requestId)}`, requestId, link, {
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
      for (const received of messages) this.#deliver(received);
      if (!messages.some((received) => isResponse(received) && received.id === requestId)) {
        throw this.#invalidResponse(
          response,
          `The JSON response from POST ${this.url} holds no response to request ${String(requestId)}`,
        );
      }
      return false;
    }
    await discardBody(response);
    throw this.#invalidResponse(
      response,
      `POST ${this.url} answered request ${String(requestId)} with content type "${type || '(none)'}", expected application/json or text/event-stream`,
    );
  }

  /** INVALID_RESPONSE for the answer to a POST: the server broke the transport's rules. */
  #invalidResponse(response: FetchResponse, message: string): HttpTransportError {
    return new HttpTransportError('INVALID_RESPONSE', message, {
      url: this.url,
      method: 'POST',
      status: response.status,
    });
  }

  /**
   * Delivers a 4xx JSON body holding a JSON-RPC error response to the request sent and returns true;
   * otherwise returns the response (its body still readable) for the status error.
   */
  async #deliverErrorAnswer(message: JSONRPCMessage, response: FetchResponse): Promise<true | FetchResponse> {
    const requestId = requestIdOf(message);
    if (requestId === undefined || response.status < 400 || response.status >= 500) return response;
    if (mediaType(response) !== 'application/json') return response;
    const text = await response.text();
    const unread: FetchResponse = {
      status: response.status,
      ok: response.ok,
      headers: response.headers,
      body: null,
      text: () => Promise.resolve(text),
      ...(response.statusText !== undefined ? { statusText: response.statusText } : {}),
    };
    let answer: JSONRPCMessage | JSONRPCMessage[];
    try {
      answer = decodeMessage(text);
    } catch {
      return unread; // not JSON-RPC after all: the status error quotes the body
    }
    if (!('error' in answer) || answer.id !== requestId) return unread;
    this.#deliver(answer);
    return true;
  }

  /** Reads (and resumes) an SSE stream in the background; a request stream that cannot finish gets an error response. */
  async #followStream(
    description: string,
    requestId: RequestId | undefined,
    link: AbortLink,
    extra: {
      first?: FetchResponse;
      lastEventId?: string;
      onresumptiontoken?: ((token: string) => void) | undefined;
    },
  ): Promise<void> {
    const { controller } = link;
    try {
      await runResumableStream({
        description,
        requestId,
        first: extra.first,
        lastEventId: extra.lastEventId,
        signal: controller.signal,
        reconnection: this.#reconnection,
        open: (lastEventId, signal) => this.#http.openGetStream(lastEventId, signal),
        deliver: (message) => this.#deliver(message),
        onInvalid: (error) => this.onerror?.(error),
        onEventId: extra.onresumptiontoken,
      });
    } catch (error) {
      this.onerror?.(error as Error);
      const lost = error instanceof HttpTransportError && error.code === 'STREAM_INTERRUPTED';
      const unreachable = lost && findHttpTransportError(error.cause, 'NETWORK') !== undefined;
      if (requestId === undefined && unreachable && !controller.aborted) {
        // The standalone stream is the live link to the server: when it cannot even reach the server
        // any more, the connection is gone (and pending requests fail with this error as the cause).
        // A server that refuses GET or keeps ending the stream is still there.
        void this.#shutdown(false, error as Error);
        return;
      }
      if (requestId !== undefined && !controller.aborted) {
        const reason = error as HttpTransportError;
        this.#deliver(
          {
            jsonrpc: '2.0',
            id: requestId,
            error: {
              code: ErrorCode.ConnectionClosed,
              message: reason.message,
              data: { reason: reason.code },
            },
          },
          reason,
        );
      }
    } finally {
      link.release();
      if (requestId !== undefined && this.#requestStreams.get(requestId) === controller) {
        this.#requestStreams.delete(requestId);
      }
    }
  }

  /** A sent `notifications/cancelled` also stops reading the cancelled request's stream. */
  #abortCancelledStream(message: JSONRPCMessage): void {
    if (!isNotification(message, Notification.Cancelled)) return;
    const cancelled = message.params?.requestId;
    if (typeof cancelled === 'string' || typeof cancelled === 'number')
      this.#requestStreams.get(cancelled)?.abort();
  }

  #openStandaloneStream(): void {
    const version = this.#session.protocolVersion;
    const stateless = version !== undefined && isStatelessProtocolVersion(version);
    if (
      this.#options.standaloneStream === false ||
      stateless ||
      this.#standalone ||
      this.#state !== 'started'
    )
      return;
    const link = this.#lifetime.link();
    this.#standalone = link.controller;
    void this.#followStream('the standalone GET SSE stream', undefined, link, {}).finally(() => {
      if (this.#standalone === link.controller) this.#standalone = undefined;
    });
  }

  /** Re-attaches to a stream interrupted earlier (e.g. before a restart), from its last event id. */
  #resumeFromToken(requestId: RequestId | undefined, options: HttpSendOptions): void {
    const link = this.#lifetime.link(options.signal);
    if (requestId !== undefined) this.#requestStreams.set(requestId, link.controller);
    const what =
      requestId === undefined
        ? 'a resumed SSE stream'
        : `the resumed SSE stream of request ${String(requestId)}`;
    void this.#followStream(what, requestId, link, {
      lastEventId: options.resumptionToken,
      onresumptiontoken: options.onresumptiontoken,
    });
  }

  /** A place in the send queue: `ready` once every earlier POST got its response headers. */
  #takeTurn(): { ready: Promise<void>; done(): void } {
    const ready = this.#sendQueue;
    let done = () => {};
    this.#sendQueue = new Promise<void>((resolve) => {
      done = resolve;
    });
    return { ready, done };
  }

  /**
   * Hands a message up; a throwing handler is reported, and never mistaken for a broken stream.
   * `cause`: for an error response made up here, the local failure it stands for.
   */
  #deliver(message: JSONRPCMessage, cause?: Error): void {
    if (this.#wireLog !== undefined) this.#wireLog('in', message, this.sessionId);
    try {
      this.onmessage?.(message, cause && { cause });
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** After a 404, only a new initialize may go out: anything else would reach the server session-less. */
  #assertSessionUsable(message: JSONRPCMessage): void {
    const expired = this.#session.expiredSessionId;
    if (isInitializeRequest(message)) {
      this.#session.expiredSessionId = undefined;
      return;
    }
    if (expired === undefined || this.#session.sessionId !== undefined) return;
    throw this.#reported(sessionExpiredError(expired, `found earlier; ${nameOf(message)} was not sent`));
  }

  #assertOpen(message: JSONRPCMessage): void {
    if (this.#state === 'started') return;
    throw new HttpTransportError(
      'CLOSED',
      `Cannot send ${nameOf(message)}: ${this.#state === 'new' ? 'call start() before send()' : 'the transport is closed'}`,
    );
  }

  #reported(error: unknown): Error {
    const failure = error instanceof Error ? error : new Error(String(error));
    const quiet =
      failure instanceof HttpTransportError && (failure.code === 'CLOSED' || failure.code === 'ABORTED');
    if (!quiet) this.onerror?.(failure);
    return failure;
  }
}

/** The method of a request or notification, or "a response": what a message is, in errors. */
function nameOf(message: JSONRPCMessage): string {
  return 'method' in message ? message.method : 'a response';
}

import { type Transport, type WireLog, wireLogFromEnvironment } from '@mcpkit/jsonrpc';
import { HttpHeader, type JSONRPCMessage } from '@mcpkit/protocol';
import { EventSource, type FetchLikeResponse } from 'eventsource';
import { describeNetworkFailure, HttpTransportError } from './errors.js';
import { type FetchLike, readBodyChunks } from './fetch.js';
import { decodeMessages, errorFromResponse, mediaType, resolveHeaders } from './http-helpers.js';
import { chooseFetch } from './requester.js';
import { AbortScope } from './signals.js';
import type { HttpClientCommonOptions, HttpSendOptions } from './streamable-http-options.js';

export interface SseClientTransportOptions extends HttpClientCommonOptions {
  /** How long to wait for the server's `endpoint` event after the GET is answered (default 10 000 ms). */
  endpointTimeoutMs?: number;
}

/**
 * MCP client transport for the legacy HTTP+SSE transport of revision 2024-11-05: a GET opens an
 * SSE stream whose first `endpoint` event names the URL to POST messages to; the server's messages
 * arrive as `message` events on that stream. The session lives as long as the stream.
 */
export class SseClientTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  sessionId?: string;

  readonly url: string;
  private endpointUrl: string | undefined;
  private version: string | undefined;
  private readonly fetch: FetchLike;
  private state: 'new' | 'starting' | 'started' | 'closed' = 'new';
  private readonly lifetime = new AbortScope();
  private closeNotified = false;
  private source: EventSource | undefined;
  /** Logs each message received and sent (`MCPKIT_DEBUG=wire`); undefined when that is off. */
  private wireLog: WireLog | undefined;
  /** Rejects a `start()` still waiting for the endpoint event. */
  private failStart: ((error: Error) => void) | undefined;

  constructor(
    url: string | URL,
    private readonly options: SseClientTransportOptions = {},
  ) {
    this.url = new URL(url).href;
    this.fetch = chooseFetch(options);
  }

  /** The URL the server told the client to POST messages to, once known. */
  get endpoint(): string | undefined {
    return this.endpointUrl;
  }

  setProtocolVersion(version: string): void {
    this.version = version;
  }

  /** Opens the SSE stream and resolves once the server announced its POST endpoint. */
  async start(): Promise<void> {
    if (this.state !== 'new') {
      throw new Error(`SseClientTransport.start() called twice (state: ${this.state}); start it once`);
    }
    this.state = 'starting';
    this.wireLog = wireLogFromEnvironment('http-client-legacy-sse');
    const timeoutMs = this.options.endpointTimeoutMs ?? 10_000;
    await new Promise<void>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let settled = false;
      // Why the stream failed, as our own error; EventSource only tells us that it did.
      let failure: Error | undefined;
      const fail = (error: Error) => {
        clearTimeout(timer);
        this.failStart = undefined;
        if (settled) return;
        settled = true;
        this.state = 'closed';
        this.source?.close();
        this.lifetime.abort(error);
        reject(error);
      };
      this.failStart = fail;
      // EventSource arms a retry timer after every failure unless it is already closed, and a
      // retry would be a new legacy session: so each failure closes it before EventSource sees it.
      const ended = (error: unknown) => {
        this.source?.close();
        this.streamEnded(error, fail);
      };
      const source = new EventSource(this.url, {
        fetch: async (_url, init) => {
          try {
            return await this.openStream(init.signal as AbortSignal, ended, (refusal) => {
              failure = refusal;
            });
          } catch (error) {
            this.source?.close();
            fail(error as Error);
            throw error;
          }
        },
      });
      this.source = source;
      source.addEventListener('open', () => {
        timer = setTimeout(
          () => fail(new HttpTransportError('LEGACY_ENDPOINT', this.noEndpoint(`within ${timeoutMs} ms`))),
          timeoutMs,
        );
      });
      source.addEventListener('endpoint', (event) => {
        try {
          this.acceptEndpoint(event.data);
        } catch (error) {
          fail(error as Error);
          return;
        }
        clearTimeout(timer);
        this.failStart = undefined;
        if (settled) return;
        settled = true;
        this.state = 'started';
        resolve();
      });
      source.addEventListener('message', (event) => this.deliver(event.data));
      // Only a refused stream gets here (failures of an open one go through `ended`).
      source.addEventListener('error', (event) => {
        source.close();
        const reason = event.message ?? 'no reason given';
        fail(failure ?? new HttpTransportError('LEGACY_ENDPOINT', `GET ${this.url} was refused: ${reason}`));
      });
    });
  }

  /**
   * The GET behind EventSource, through our fetch (middleware, injected fetch, headers). A refused
   * GET is described by our own error through `refused`, and its status handed on so that
   * EventSource fails the connection without scheduling a retry; the body (a web stream, or
   * node-fetch's Node stream) is read through a reader that reports its end through `ended`.
   */
  private async openStream(
    signal: AbortSignal,
    ended: (error: unknown) => void,
    refused: (error: HttpTransportError) => void,
  ): Promise<FetchLikeResponse> {
    const headers = await this.headers();
    headers.accept = 'text/event-stream';
    const response = await this.fetch(this.url, {
      ...this.options.requestInit,
      method: 'GET',
      headers,
      signal,
    }).catch((error: unknown) => {
      if (error instanceof HttpTransportError) throw error; // an auth challenge that failed
      if (this.lifetime.signal.aborted || signal.aborted) {
        throw new HttpTransportError(
          'CLOSED',
          `The transport was closed before GET ${this.url} was answered`,
          {
            url: this.url,
            method: 'GET',
            cause: error,
          },
        );
      }
      throw new HttpTransportError('NETWORK', `GET ${this.url} failed: ${describeNetworkFailure(error)}`, {
        url: this.url,
        method: 'GET',
        cause: error,
      });
    });
    const url = response.url ?? this.url;
    const refusal = {
      status: response.status === 200 ? 0 : response.status,
      url,
      redirected: false,
      body: null,
    };
    if (!response.ok) {
      refused(await errorFromResponse(response, 'GET', this.url, 'Opening the legacy HTTP+SSE stream'));
      return { ...refusal, headers: response.headers };
    }
    if (mediaType(response) !== 'text/event-stream' || response.status !== 200) {
      await response.text();
      refused(
        new HttpTransportError(
          'LEGACY_ENDPOINT',
          `GET ${this.url} answered ${response.status} with content type "${mediaType(response) || '(none)'}", expected 200 with text/event-stream`,
          { url: this.url, method: 'GET', status: response.status },
        ),
      );
      return { ...refusal, headers: response.headers };
    }
    const redirected = (response as { redirected?: unknown }).redirected === true;
    return {
      status: 200,
      url,
      redirected: redirected && Boolean(response.url),
      headers: response.headers,
      body: webBody(response.body, ended),
    };
  }

  async send(message: JSONRPCMessage, options: HttpSendOptions = {}): Promise<void> {
    const endpoint = this.endpointUrl;
    if (this.state !== 'started' || endpoint === undefined) {
      const what = 'method' in message ? message.method : 'a response';
      throw new HttpTransportError(
        'CLOSED',
        `Cannot send ${what}: the legacy SSE transport is ${this.state === 'closed' ? 'closed' : 'not started'}`,
      );
    }
    if (this.wireLog !== undefined) this.wireLog('out', message, this.sessionId);
    const headers = await this.headers();
    headers['content-type'] = 'application/json';
    const link = this.lifetime.link(options.signal);
    const signal = link.controller.signal;
    let response: Awaited<ReturnType<FetchLike>>;
    try {
      response = await this.fetch(endpoint, {
        ...this.options.requestInit,
        method: 'POST',
        headers,
        body: JSON.stringify(message),
        signal,
      });
    } catch (error) {
      const code = this.lifetime.signal.aborted ? 'CLOSED' : signal.aborted ? 'ABORTED' : 'NETWORK';
      // An HttpTransportError already says what went wrong (an auth challenge that failed).
      const failure =
        error instanceof HttpTransportError
          ? error
          : new HttpTransportError(code, `POST ${endpoint} failed: ${describe(error)}`, {
              url: endpoint,
              method: 'POST',
              cause: error,
            });
      if (failure.code !== 'CLOSED' && failure.code !== 'ABORTED') this.onerror?.(failure);
      throw failure;
    } finally {
      link.release();
    }
    if (!response.ok) {
      const failure = await errorFromResponse(
        response,
        'POST',
        endpoint,
        'Sending over the legacy SSE transport',
      );
      this.onerror?.(failure);
      throw failure;
    }
    await response.text();
  }

  async close(): Promise<void> {
    if (this.closeNotified) return;
    this.closeNotified = true;
    this.failStart?.(
      new HttpTransportError('CLOSED', `The transport was closed before ${this.url} sent its endpoint`),
    );
    this.state = 'closed';
    this.source?.close();
    this.lifetime.abort(new HttpTransportError('CLOSED', 'The transport was closed'));
    this.onclose?.();
  }

  private acceptEndpoint(data: string): void {
    let endpoint: URL;
    try {
      endpoint = new URL(data.trim(), this.url);
    } catch (error) {
      throw new HttpTransportError(
        'LEGACY_ENDPOINT',
        `The endpoint event from ${this.url} holds no valid URL: ${data}`,
        {
          cause: error,
        },
      );
    }
    // A server must not steer the client's messages to another origin.
    if (endpoint.origin !== new URL(this.url).origin) {
      throw new HttpTransportError(
        'LEGACY_ENDPOINT',
        `The endpoint event from ${this.url} points to another origin (${endpoint.origin}); refusing to POST there`,
      );
    }
    this.endpointUrl = endpoint.href;
    const sessionId = endpoint.searchParams.get('sessionId') ?? endpoint.searchParams.get('session_id');
    if (sessionId) this.sessionId = sessionId;
  }

  private deliver(data: string): void {
    let messages: JSONRPCMessage[];
    try {
      messages = decodeMessages(data, `A message event on the legacy SSE stream ${this.url}`);
    } catch (error) {
      this.onerror?.(error as Error);
      return;
    }
    for (const message of messages) {
      if (this.wireLog !== undefined) this.wireLog('in', message, this.sessionId);
      try {
        this.onmessage?.(message);
      } catch (error) {
        // A throwing handler must not be mistaken for a broken stream, which would end the session.
        this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  private streamEnded(error: unknown, failStart: (error: Error) => void): void {
    if (this.lifetime.signal.aborted) return;
    if (this.state === 'starting') {
      failStart(
        new HttpTransportError('LEGACY_ENDPOINT', this.noEndpoint('before the stream ended'), {
          cause: error,
        }),
      );
      return;
    }
    // The legacy session lives on this one stream: once it is gone, so is the session.
    const reason = error === undefined ? 'the server ended it' : describe(error);
    this.onerror?.(
      new HttpTransportError(
        'STREAM_INTERRUPTED',
        `The legacy SSE stream ${this.url} closed (${reason}); the session is over`,
        {
          cause: error,
        },
      ),
    );
    void this.close();
  }

  private noEndpoint(when: string): string {
    return `GET ${this.url} opened an SSE stream but sent no endpoint event ${when}; it is not an MCP HTTP+SSE server`;
  }

  private async headers(): Promise<Record<string, string>> {
    const headers = await resolveHeaders(this.options.headers);
    if (this.version !== undefined) headers[HttpHeader.ProtocolVersion] = this.version;
    return headers;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A response body as the web-stream reader EventSource reads (the Node path and node-fetch give async iterables),
 * telling `ended` when the stream ends or breaks, before EventSource learns of it.
 */
function webBody(body: unknown, ended: (error: unknown) => void): NonNullable<FetchLikeResponse['body']> {
  const chunks = readBodyChunks(body);
  return {
    getReader: () => ({
      read: async () => {
        let next: IteratorResult<Uint8Array>;
        try {
          next = await chunks.next();
        } catch (error) {
          ended(error);
          throw error;
        }
        if (next.done !== true) return { done: false as const, value: next.value };
        ended(undefined);
        return { done: true as const };
      },
      cancel: async () => void (await chunks.return(undefined)),
    }),
  };
}

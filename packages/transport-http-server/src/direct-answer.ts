import {
  McpkitError,
  McpkitErrorCode,
  type MessageExtra,
  progressTokenOf,
  type RequestAnswerer,
  type RequestContext,
  toErrorResponse,
  type WireLog,
} from '@mcpkit/jsonrpc';
import type {
  JSONObject,
  JSONRPCNotification,
  JSONRPCRequest,
  JSONRPCResponse,
  RequestId,
} from '@mcpkit/protocol';
import type { AbortSource, HttpExchange, Reply } from './exchange.js';
import type { Gate } from './gate.js';
import { answerReply } from './json-text.js';
import type { KeepAlive } from './keep-alive.js';
import { type CallObservation, notify } from './observe.js';
import { OutboundStream, type ResponseMode, type StreamHost } from './outbound-stream.js';
import type { SseConnection } from './sse.js';
import type { EventStore } from './stores/types.js';

// The stateless fast path: a POST carrying one request is answered by the server itself
// (`RequestAnswerer.answer`, McpServer's), with no transport, session or peer made for it. The
// answer goes out as JSON; a notification sent before it (progress, a log message) switches the
// response to SSE as `responseMode` allows, as a session's POST stream would.

/** What the direct answers of one handler share. */
export interface DirectEnvironment {
  readonly answerer: RequestAnswerer;
  readonly keepAlive: KeepAlive;
  readonly responseMode: ResponseMode;
  readonly retryMs: number;
  /** Logs each message received and sent (`MCPKIT_DEBUG=wire`); undefined when that is off. */
  readonly wireLog: WireLog | undefined;
  readonly onerror: (error: Error) => void;
  readonly onCall: ((info: CallObservation) => void) | undefined;
  readonly now: () => number;
  /** Counts an answer still streaming after its reply went out, so `close()` waits for it. */
  readonly gate: Gate;
  /** The answers still streaming, for `close()` to end. */
  readonly streaming: Set<DirectAnswer>;
}

/** Answers `message` through the server; `errorStatus` maps a JSON error answer to its HTTP status. */
export function answerDirectly(
  env: DirectEnvironment,
  request: HttpExchange,
  message: JSONRPCRequest,
  extra: MessageExtra,
  errorStatus?: (code: number) => number,
): Promise<Reply> {
  return new DirectAnswer(env, request, message, extra, errorStatus).reply;
}

/** One request answered directly: its handler's context while it runs, the stream host if it streams. */
class DirectAnswer implements RequestContext, StreamHost {
  readonly requestId: RequestId;
  readonly method: string;
  readonly progressToken?: string | number;
  readonly extra: MessageExtra;
  readonly reply: Promise<Reply>;
  readonly storeKey = '';
  readonly eventStore: EventStore | undefined = undefined; // Stateless answers are not resumable.
  readonly #env: DirectEnvironment;
  readonly #request: HttpExchange;
  readonly #errorStatus: ((code: number) => number) | undefined;
  readonly #started: number | undefined;
  #resolve!: (reply: Reply) => void;
  #stream: OutboundStream | undefined;
  #controller: AbortController | undefined;
  #answered = false;

  constructor(
    env: DirectEnvironment,
    request: HttpExchange,
    message: JSONRPCRequest,
    extra: MessageExtra,
    errorStatus: ((code: number) => number) | undefined,
  ) {
    this.#env = env;
    this.#request = request;
    this.requestId = message.id;
    this.method = message.method;
    const token = progressTokenOf(message.params);
    if (token !== undefined) this.progressToken = token;
    this.extra = extra;
    this.#errorStatus = errorStatus;
    this.#started = env.onCall === undefined ? undefined : env.now();
    this.reply = new Promise((resolve) => {
      this.#resolve = resolve;
    });
    if (env.wireLog !== undefined) env.wireLog('in', message);
    if (env.responseMode === 'sse') this.#openStream();
    env.answerer.answer(message, this).then(
      (response) => this.#finish(response),
      // A RequestAnswerer should never reject; if one does, the client still gets an answer.
      (error: unknown) => {
        env.onerror(asError(error));
        this.#finish(toErrorResponse(message.id, error));
      },
    );
  }

  get retryMs(): number {
    return this.#env.retryMs;
  }

  /** Made on first read: most handlers never look at their signal. */
  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      this.#request.onAbort(() => this.#clientGone());
    }
    return this.#controller.signal;
  }

  sendNotification(method: string, params?: JSONObject): Promise<void> {
    if (this.#answered) {
      return Promise.reject(
        new Error(
          `Cannot send ${method}: request ${JSON.stringify(this.requestId)} was already answered, its response is complete`,
        ),
      );
    }
    // A JSON response carries only the answer, and a stateless POST has no other stream.
    if (this.#env.responseMode === 'json') return Promise.resolve();
    const notification: JSONRPCNotification =
      params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params };
    if (this.#env.wireLog !== undefined) this.#env.wireLog('out', notification);
    return (this.#stream ?? this.#openStream()).push(notification);
  }

  sendRequest(method: string): Promise<JSONObject> {
    return Promise.reject(
      new McpkitError(
        McpkitErrorCode.NotConnected,
        `Cannot send ${method} while answering ${this.method}: a stateless HTTP request has no session, so the client's answer could not come back (serve with sessions, or use 2026-07-28 input_required results)`,
      ),
    );
  }

  primes(): boolean {
    return false;
  }

  openConnection(abort?: AbortSource): SseConnection {
    const connection = this.#env.keepAlive.open(abort);
    connection.addDisconnectListener(() => this.#clientGone());
    return connection;
  }

  reportStreamError(error: Error): void {
    this.#env.onerror(error);
  }

  /** `close()` of the handler: the stream ends without its answer, the handler's signal aborts. */
  end(): void {
    this.#clientGone();
    this.#stream?.close();
  }

  #openStream(): OutboundStream {
    const env = this.#env;
    const stream = new OutboundStream(this, {
      id: '',
      kind: 'post',
      requestIds: [this.requestId],
      mode: env.responseMode === 'sse' ? 'sse' : 'auto',
      abort: this.#request,
    });
    this.#stream = stream;
    env.gate.enter();
    env.streaming.add(this);
    stream.onfinish = () => {
      env.streaming.delete(this);
      env.gate.leave();
    };
    stream.response().then(this.#resolve);
    return stream;
  }

  #finish(response: JSONRPCResponse): void {
    this.#answered = true;
    const env = this.#env;
    if (env.wireLog !== undefined) env.wireLog('out', response);
    if (this.#started !== undefined) this.#observe(response, this.#started);
    const stream = this.#stream;
    if (stream !== undefined) {
      stream.push(response).then(undefined, (error: unknown) => this.reportStreamError(asError(error)));
      return;
    }
    const status = 'error' in response ? (this.#errorStatus?.(response.error.code) ?? 200) : 200;
    this.#resolve(answerReply(response, status, {}, this));
  }

  #observe(response: JSONRPCResponse, started: number): void {
    const info: CallObservation = {
      method: this.method,
      durationMs: this.#env.now() - started,
      error: 'error' in response ? { code: response.error.code, message: response.error.message } : undefined,
      sessionId: undefined,
    };
    notify(this.#env.onCall, info, this.#env.onerror);
  }

  /** The client closed the response before the answer: that cancels the request. */
  #clientGone(): void {
    const controller = this.#controller;
    if (this.#answered || controller === undefined || controller.signal.aborted) return;
    controller.abort(
      new McpkitError(
        McpkitErrorCode.RequestCancelled,
        `Request '${this.method}' (id ${JSON.stringify(this.requestId)}) was cancelled: the client closed its HTTP response before the answer`,
      ),
    );
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

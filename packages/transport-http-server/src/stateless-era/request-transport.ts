import type { Transport, TransportSendOptions, WireLog } from '@mcpkit/jsonrpc';
import {
  type JSONRPCMessage,
  type JSONRPCNotification,
  type JSONRPCRequest,
  Method,
  Notification,
  type RequestId,
} from '@mcpkit/protocol';
import { emptyReply, type HttpExchange, type Reply } from '../exchange.js';
import { generateSessionId } from '../ids.js';
import type { KeepAlive } from '../keep-alive.js';
import { OutboundStream, type ResponseMode, type StreamHost } from '../outbound-stream.js';
import type { HttpMessageExtra } from '../session-transport.js';
import type { MessageBus } from '../stores/types.js';
import { httpStatusForError } from './status.js';

/** What every 2026-07-28 request of one handler shares. */
export interface RequestTransportEnvironment {
  readonly bus: MessageBus;
  readonly keepAlive: KeepAlive;
  readonly responseMode: ResponseMode;
  readonly retryMs: number;
  /** Logs each message received and sent (`MCPKIT_DEBUG=wire`); undefined when that is off. */
  readonly wireLog: WireLog | undefined;
  readonly onerror: (error: Error) => void;
  /** Counts the request as in flight (so `close()` waits for it) until `released`. */
  readonly admitted: (transport: RequestTransport) => void;
  readonly released: (transport: RequestTransport) => void;
}

/**
 * The transport of one 2026-07-28 request (no session): it delivers the one message of the POST,
 * carries the response and the notifications related to it back (JSON, or SSE once a notification
 * comes first), and closes when the response is sent. Closing the response stream early is the
 * client's cancellation: the server receives `notifications/cancelled` for the request.
 *
 * Outbound messages go through the `MessageBus` on a per-request channel, so a shared bus can carry
 * them from the process running the server to the process holding the HTTP response.
 */
export class RequestTransport implements Transport {
  onmessage?: (message: JSONRPCMessage, extra?: HttpMessageExtra) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  /** The bus channel of this request's stream. */
  readonly channel = `request:${generateSessionId()}`;
  readonly #env: RequestTransportEnvironment;
  readonly #message: JSONRPCRequest | JSONRPCNotification;
  readonly #extra: HttpMessageExtra;
  readonly #requestId: RequestId | undefined;
  #stream: OutboundStream | undefined;
  #unsubscribe: (() => void) | undefined;
  #errorStatus: number | undefined;
  #answered = false;
  #closed = false;

  constructor(
    env: RequestTransportEnvironment,
    message: JSONRPCRequest | JSONRPCNotification,
    extra: HttpMessageExtra,
  ) {
    this.#env = env;
    this.#message = message;
    this.#extra = extra;
    this.#requestId = 'id' in message ? message.id : undefined;
  }

  /** Whether the request is `subscriptions/listen`, whose stream stays open after the acknowledgement. */
  get isListen(): boolean {
    return this.#message.method === Method.SubscriptionsListen;
  }

  async start(): Promise<void> {
    // The message is delivered by respond(), once the server finished wiring the transport.
  }

  /** Delivers the message and resolves with the HTTP response: 202, JSON, or an SSE stream. */
  respond(request: HttpExchange): Promise<Reply> {
    this.#env.admitted(this);
    if (this.#env.wireLog !== undefined) this.#env.wireLog('in', this.#message);
    if (this.#requestId === undefined) {
      this.onmessage?.(this.#message, this.#extra);
      void this.close();
      return Promise.resolve(emptyReply(202));
    }
    const stream = new OutboundStream(this.#host(), {
      id: this.channel,
      kind: 'post',
      requestIds: [this.#requestId],
      mode: this.isListen ? 'sse' : this.#env.responseMode === 'sse' ? 'sse' : 'auto',
      abort: request,
    });
    this.#stream = stream;
    stream.onfinish = () => {
      this.#answered = true;
      void this.close();
    };
    this.#unsubscribe = this.#env.bus.subscribe(this.channel, (envelope) => stream.push(envelope.message));
    request.onAbort(() => this.#clientGone());
    const response = stream.response();
    this.onmessage?.(this.#message, this.#extra);
    if (request.aborted) this.#clientGone();
    return response.then((answer) => this.#withErrorStatus(answer));
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (this.#closed) {
      throw new Error(
        `the 2026-07-28 request ${JSON.stringify(this.#requestId)} is finished; nothing more can be sent for it`,
      );
    }
    const problem = this.#routingProblem(message, options);
    if (problem) throw new Error(problem);
    if (this.#env.wireLog !== undefined) this.#env.wireLog('out', message);
    if ('method' in message && this.#env.responseMode === 'json' && !this.isListen) return;
    if ('error' in message) this.#errorStatus = httpStatusForError(message.error.code);
    const taken = await this.#env.bus.publish(this.channel, {
      message,
      ...(this.#requestId === undefined ? {} : { relatedRequestId: this.#requestId }),
    });
    if (!taken) throw new Error(`the response stream of request ${JSON.stringify(this.#requestId)} is gone`);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#unsubscribe?.();
    this.#stream?.close();
    this.#env.released(this);
    this.onclose?.();
  }

  #routingProblem(message: JSONRPCMessage, options: TransportSendOptions | undefined): string | undefined {
    const id = JSON.stringify(this.#requestId);
    if (!('method' in message)) {
      return message.id === this.#requestId
        ? undefined
        : `this transport only answers request ${id}, not ${JSON.stringify(message.id)}`;
    }
    if ('id' in message) {
      return `2026-07-28 response streams carry no server-to-client requests (${message.method}); return an input_required result instead (MRTR)`;
    }
    if (options?.relatedRequestId !== this.#requestId || this.#requestId === undefined) {
      return `a 2026-07-28 response stream only carries notifications related to request ${id}; ${message.method} is unrelated (change notifications go on a subscriptions/listen stream)`;
    }
    return undefined;
  }

  #host(): StreamHost {
    return {
      storeKey: this.channel,
      eventStore: undefined, // 2026-07-28 streams are not resumable: no event ids, no priming.
      retryMs: this.#env.retryMs,
      primes: () => false,
      openConnection: (abort) => {
        const connection = this.#env.keepAlive.open(abort);
        connection.addDisconnectListener(() => this.#clientGone());
        return connection;
      },
      reportStreamError: (error) => this.#env.onerror(error),
    };
  }

  /** The client closed the response before it was complete: that is the cancellation of the request. */
  #clientGone(): void {
    if (this.#closed || this.#answered || this.#requestId === undefined) return;
    const cancelled: JSONRPCNotification = {
      jsonrpc: '2.0',
      method: Notification.Cancelled,
      params: { requestId: this.#requestId, reason: 'the client closed the response stream' },
    };
    this.onmessage?.(cancelled, this.#extra);
    void this.close();
  }

  #withErrorStatus(reply: Reply): Reply {
    const status = this.#errorStatus;
    const isJson = reply.headers['content-type'] === 'application/json';
    if (status === undefined || status === reply.status || !isJson) return reply;
    return { ...reply, status };
  }
}

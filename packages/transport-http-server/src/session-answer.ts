import { type JSONRPCMessage, type JSONRPCRequest, Method, type RequestId } from '@mcpkit/protocol';
import { type AbortSource, emptyReply, type Reply } from './exchange.js';
import { isRequest, isResponse } from './framing.js';
import { answerReply } from './json-text.js';
import { type OutboundStream, type ResponseMode, requestKey } from './outbound-stream.js';

// Most POSTs of a session carry one request and get one JSON answer. Such a POST waits here, with no
// OutboundStream (its event chain, maps and promises) until it needs one: the response resolves the
// reply directly; a notification or server request sent before it, or a server-side disconnect,
// opens the POST's stream, which then carries everything, as for any other POST.

/**
 * Whether a POST carrying only `message` waits without a stream: a request of a session (not a
 * stateless POST), unless its stream is needed from the start: under `sse`, for initialize (its
 * stream holds the session id header until the answer), or when other processes share the session
 * (their routing asks which process holds a request's stream).
 */
export function waitsWithoutStream(
  message: JSONRPCMessage,
  sessionId: string | undefined,
  env: { readonly responseMode: ResponseMode; readonly instanceId: string | undefined },
): message is JSONRPCRequest {
  return (
    sessionId !== undefined &&
    env.responseMode !== 'sse' &&
    env.instanceId === undefined &&
    isRequest(message) &&
    message.method !== Method.Initialize
  );
}

/** What a waiting answer needs from its session transport. */
export interface SessionAnswerHost {
  /** Opens and tracks the POST stream of `answer`'s request (as for a POST that always had one). */
  openStream(answer: SessionAnswer): OutboundStream;
  /** `answer` is over: answered or abandoned (not called when its stream took over). */
  settled(answer: SessionAnswer): void;
  /** An answer that could not be written as it was (see json-text.ts). */
  reportStreamError(error: Error): void;
}

/** One POST of a session carrying one request, waiting for its answer; routed to like a stream. */
export class SessionAnswer {
  readonly request: JSONRPCRequest;
  /** The headers of the reply (the session id). */
  readonly headers: Record<string, string>;
  /** The POST's exchange: its client going away ends the stream's SSE response, once there is one. */
  readonly abort: AbortSource;
  /** False under `json`: then only the response rides on the POST (as `OutboundStream` says). */
  readonly carriesNonResponses: boolean;
  readonly reply: Promise<Reply>;
  #host: SessionAnswerHost;
  #resolve!: (reply: Reply) => void;
  #stream: OutboundStream | undefined;

  constructor(
    host: SessionAnswerHost,
    request: JSONRPCRequest,
    abort: AbortSource,
    headers: Record<string, string>,
    carriesNonResponses: boolean,
  ) {
    this.#host = host;
    this.request = request;
    this.abort = abort;
    this.headers = headers;
    this.carriesNonResponses = carriesNonResponses;
    this.reply = new Promise((resolve) => {
      this.#resolve = resolve;
    });
  }

  /** The request's key in the session's maps (`requestKey`): only needed when two POSTs overlap. */
  get key(): string {
    return requestKey(this.request.id);
  }

  /** What the POST's stream starts from, when it opens (`SessionAnswerHost.openStream`). */
  streamInit(id: string, requestIds: RequestId[], mode: ResponseMode): StreamInit {
    const { request, headers, abort } = this;
    return { id, kind: 'post', requestIds, requests: [request], mode, headers, abort };
  }

  /** Carries `message`: the response answers the POST as JSON; anything else needs the stream. */
  push(message: JSONRPCMessage): Promise<void> {
    if (this.#stream === undefined && isResponse(message)) {
      this.#resolve(answerReply(message, 200, this.headers, this.#host));
      this.#host.settled(this);
      return DONE;
    }
    return this.#openStream().push(message);
  }

  /** A server-side disconnect (SEP-1699): the POST switches to its stream, which ends its connection. */
  disconnect(retryMs?: number): Promise<void> {
    return this.#openStream().disconnect(retryMs);
  }

  /** The client cancelled the request, or its session closed: no answer will come (204, as a stream). */
  abandon(): Promise<void> {
    if (this.#stream !== undefined) return this.#stream.abandon(this.request.id);
    this.#resolve(emptyReply(204, this.headers));
    this.#host.settled(this);
    return DONE;
  }

  /** The POST's stream, opened on first need; it replaces this answer in the session's routing. */
  #openStream(): OutboundStream {
    if (this.#stream === undefined) {
      this.#stream = this.#host.openStream(this);
      this.#stream.response().then(this.#resolve);
    }
    return this.#stream;
  }
}

const DONE: Promise<void> = Promise.resolve();

type StreamInit = ConstructorParameters<typeof OutboundStream>[1];

import type { RequestId } from '@mcpkit/protocol';
import { type OutboundStream, requestKey } from './outbound-stream.js';
import { SessionAnswer } from './session-answer.js';

/** What answers a request: its POST's stream, or the POST itself while it waits without one. */
export type RequestRoute = OutboundStream | SessionAnswer;

/**
 * The POST streams of one session that are open, the POSTs waiting for their answer without one,
 * and what answers each request. The session makes it with its first POST and drops it with the
 * last, so an idle session holds nothing; the maps are made only when two POSTs overlap or a stream
 * opens: a session's requests mostly come one after the other, each answered before the next, and
 * then the one waiting POST is all there is (`#lone`).
 */
export class PostStreams {
  #byId: Map<string, OutboundStream> | undefined;
  #byRequest: Map<string, RequestRoute> | undefined;
  #lone: SessionAnswer | undefined;

  /** The open streams, in the order they opened. */
  values(): IterableIterator<OutboundStream> {
    return (this.#byId ?? NO_STREAMS).values();
  }

  get(streamId: string): OutboundStream | undefined {
    return this.#byId?.get(streamId);
  }

  /** What answers request `id`: its open stream, or its waiting POST. */
  answering(id: RequestId): RequestRoute | undefined {
    const lone = this.#lone;
    if (lone !== undefined) return lone.request.id === id ? lone : undefined;
    return this.#byRequest?.get(requestKey(id));
  }

  add(stream: OutboundStream, requestIds: RequestId[]): void {
    const byRequest = this.#requests();
    for (const id of requestIds) byRequest.set(requestKey(id), stream);
    this.#byId ??= new Map();
    this.#byId.set(stream.id, stream);
  }

  /** A POST of one request waits for its answer (a stream it opens later takes its place). */
  wait(answer: SessionAnswer): void {
    if (this.#empty()) this.#lone = answer;
    else this.#requests().set(answer.key, answer);
  }

  /**
   * Forgets a finished stream and its requests (those a later stream took over stay); true when
   * nothing is left: every stream and waiting POST removes its own requests.
   */
  remove(stream: OutboundStream, requestIds: RequestId[]): boolean {
    this.#byId?.delete(stream.id);
    for (const id of requestIds) {
      const key = requestKey(id);
      if (this.#byRequest?.get(key) === stream) this.#byRequest.delete(key);
    }
    return this.#empty();
  }

  /** Forgets an answered or abandoned waiting POST; true when nothing is left. */
  settle(answer: SessionAnswer): boolean {
    if (this.#lone === answer) this.#lone = undefined;
    else if (this.#byRequest?.get(answer.key) === answer) this.#byRequest.delete(answer.key);
    return this.#empty();
  }

  /** The session closed: waiting POSTs end without an answer; no request is routed any more. */
  forgetRequests(): void {
    const routes = [...this.#requests().values()];
    this.#byRequest = undefined;
    for (const route of routes) if (route instanceof SessionAnswer) void route.abandon();
  }

  /** The request map, the lone waiting POST moved into it: more than one thing is open now. */
  #requests(): Map<string, RequestRoute> {
    this.#byRequest ??= new Map();
    const lone = this.#lone;
    if (lone !== undefined) {
      this.#lone = undefined;
      this.#byRequest.set(lone.key, lone);
    }
    return this.#byRequest;
  }

  #empty(): boolean {
    return this.#lone === undefined && !this.#byId?.size && !this.#byRequest?.size;
  }
}

const NO_STREAMS: ReadonlyMap<string, OutboundStream> = new Map();

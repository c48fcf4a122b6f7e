import type { RequestId } from '@mcpkit/protocol';
import { type OutboundStream, requestKey } from './outbound-stream.js';
import { SessionAnswer } from './session-answer.js';

/** What answers a request: its POST's stream, or the POST itself while it waits without one. */
export type RequestRoute = OutboundStream | SessionAnswer;

/**
 * The POST streams of one session that are open, the POSTs waiting for their answer without one,
 * and what answers each request. The session makes it with its first POST and drops it with the
 * last, so an idle session holds no maps.
 */
export class PostStreams {
  readonly #byId = new Map<string, OutboundStream>();
  readonly #byRequest = new Map<string, RequestRoute>();

  /** The open streams, in the order they opened. */
  values(): IterableIterator<OutboundStream> {
    return this.#byId.values();
  }

  get(streamId: string): OutboundStream | undefined {
    return this.#byId.get(streamId);
  }

  /** What answers request `id`: its open stream, or its waiting POST. */
  answering(id: RequestId): RequestRoute | undefined {
    return this.#byRequest.get(requestKey(id));
  }

  add(stream: OutboundStream, requestIds: RequestId[]): void {
    for (const id of requestIds) this.#byRequest.set(requestKey(id), stream);
    this.#byId.set(stream.id, stream);
  }

  /** A POST of one request waits for its answer (a stream it opens later takes its place). */
  wait(answer: SessionAnswer): void {
    this.#byRequest.set(answer.key, answer);
  }

  /**
   * Forgets a finished stream and its requests (those a later stream took over stay); true when
   * nothing is left: every stream and waiting POST removes its own requests.
   */
  remove(stream: OutboundStream, requestIds: RequestId[]): boolean {
    this.#byId.delete(stream.id);
    for (const id of requestIds) {
      const key = requestKey(id);
      if (this.#byRequest.get(key) === stream) this.#byRequest.delete(key);
    }
    return this.#empty();
  }

  /** Forgets an answered or abandoned waiting POST; true when nothing is left. */
  settle(answer: SessionAnswer): boolean {
    if (this.#byRequest.get(answer.key) === answer) this.#byRequest.delete(answer.key);
    return this.#empty();
  }

  /** The session closed: waiting POSTs end without an answer; no request is routed any more. */
  forgetRequests(): void {
    const routes = [...this.#byRequest.values()];
    this.#byRequest.clear();
    for (const route of routes) if (route instanceof SessionAnswer) void route.abandon();
  }

  #empty(): boolean {
    return this.#byId.size === 0 && this.#byRequest.size === 0;
  }
}

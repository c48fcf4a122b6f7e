import type { RequestId } from '@mcpkit/protocol';
import { type OutboundStream, requestKey } from './outbound-stream.js';

/**
 * The POST streams of one session that are open, and the stream that answers each request. The
 * session makes it with its first stream and drops it with the last, so an idle session holds no maps.
 */
export class PostStreams {
  readonly #byId = new Map<string, OutboundStream>();
  readonly #byRequest = new Map<string, OutboundStream>();

  /** The open streams, in the order they opened. */
  values(): IterableIterator<OutboundStream> {
    return this.#byId.values();
  }

  get(streamId: string): OutboundStream | undefined {
    return this.#byId.get(streamId);
  }

  /** The open stream that answers request `id`. */
  answering(id: RequestId): OutboundStream | undefined {
    return this.#byRequest.get(requestKey(id));
  }

  add(stream: OutboundStream, requestIds: RequestId[]): void {
    for (const id of requestIds) this.#byRequest.set(requestKey(id), stream);
    this.#byId.set(stream.id, stream);
  }

  /**
   * Forgets a finished stream and its requests (those a later stream took over stay); true when it
   * was the last open stream: every stream removes its own requests, so both maps are empty then.
   */
  remove(stream: OutboundStream, requestIds: RequestId[]): boolean {
    this.#byId.delete(stream.id);
    for (const id of requestIds) {
      const key = requestKey(id);
      if (this.#byRequest.get(key) === stream) this.#byRequest.delete(key);
    }
    return this.#byId.size === 0;
  }

  /** The session closed: no request is routed to its streams any more. */
  forgetRequests(): void {
    this.#byRequest.clear();
  }
}

import type { JSONObject, RequestId } from '@mcpkit/protocol/essentials';
import type { Progress } from './peer-types.js';

const MAX_TIMER_DELAY_MS = 2_147_483_647;

/**
 * One outgoing request waiting for its response. Its fields are set in the constructor, not as
 * class fields: one is made per request, and field initializers cost a call of their own.
 */
export class PendingRequest {
  declare readonly id: RequestId;
  declare readonly method: string;
  declare readonly resolve: (result: JSONObject) => void;
  declare readonly reject: (error: unknown) => void;
  /** When the request fails for lack of a response (or progress); `Infinity` without a timeout. */
  declare deadline: number;
  /** When the request fails however much progress arrived; `Infinity` without `maxTotalTimeoutMs`. */
  declare hardDeadline: number;
  declare timeoutMs: number;
  declare resetOnProgress: boolean;
  declare onprogress: ((progress: Progress) => void) | undefined;
  /** Stops listening to the caller's abort signal (set when the request has one). */
  declare unlisten: (() => void) | undefined;
  declare relatedRequestId: RequestId | undefined;

  constructor(
    id: RequestId,
    method: string,
    resolve: (result: JSONObject) => void,
    reject: (error: unknown) => void,
  ) {
    this.id = id;
    this.method = method;
    this.resolve = resolve;
    this.reject = reject;
    this.deadline = this.hardDeadline = Infinity;
    this.timeoutMs = 0;
    this.resetOnProgress = false;
    // Every request gets every field, so all share one object shape.
    this.onprogress = this.unlisten = this.relatedRequestId = undefined;
  }

  /** Starts the clocks: `timeoutMs` <= 0 or infinite means none; same for `maxTotalTimeoutMs`. */
  setTimeouts(timeoutMs: number, maxTotalTimeoutMs: number | undefined): void {
    const hasTimeout = timeoutMs > 0 && timeoutMs < Infinity;
    const hasMax = maxTotalTimeoutMs !== undefined && maxTotalTimeoutMs > 0;
    if (!hasTimeout && !hasMax) return;
    const start = now();
    if (hasTimeout) {
      this.timeoutMs = timeoutMs;
      this.deadline = start + timeoutMs;
    }
    if (hasMax) this.hardDeadline = start + maxTotalTimeoutMs;
  }
}

/**
 * The table of outgoing requests plus one shared timer armed for the earliest deadline.
 * A timer per request would cost a setTimeout/clearTimeout pair on every call; here a request
 * only compares numbers, and the timer is re-armed only when a deadline moves earlier. After the
 * last response the timer may stay armed until its deadline (at most the longest timeout in use);
 * closing the peer clears it.
 *
 * A request sent while none is pending waits in a field rather than the Map: a one-at-a-time
 * caller then never touches the Map, whose set and delete (a table rebuilt each time it empties)
 * cost more than the rest of the bookkeeping of a request. Requests sent while it is taken go to
 * the Map, so the field always holds the oldest pending request.
 */
export class PendingRequests {
  readonly #byId = new Map<RequestId, PendingRequest>();
  /** The oldest pending request when it was sent while none was pending (see above). */
  #first: PendingRequest | undefined;
  readonly #onExpired: (pending: PendingRequest) => void;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timerAt = Infinity;

  constructor(onExpired: (pending: PendingRequest) => void) {
    this.#onExpired = onExpired;
  }

  get size(): number {
    return this.#byId.size + (this.#first === undefined ? 0 : 1);
  }

  get(id: RequestId): PendingRequest | undefined {
    const first = this.#first;
    return first !== undefined && first.id === id ? first : this.#byId.get(id);
  }

  add(pending: PendingRequest): void {
    if (this.#first === undefined && this.#byId.size === 0) this.#first = pending;
    else this.#byId.set(pending.id, pending);
    this.#armFor(Math.min(pending.deadline, pending.hardDeadline));
  }

  /** Removes and returns the request (undefined when it is not pending: late or duplicate). */
  take(id: RequestId): PendingRequest | undefined {
    let pending = this.#first;
    if (pending !== undefined && pending.id === id) this.#first = undefined;
    else {
      pending = this.#byId.get(id);
      if (pending === undefined) return undefined;
      this.#byId.delete(id);
    }
    pending.unlisten?.();
    // The timer is deliberately left armed when the table empties: one-at-a-time callers would
    // otherwise pay a setTimeout/clearTimeout pair per request. It fires once, finds nothing and
    // stops; `drain` (connection closed) clears it at once.
    return pending;
  }

  /** Progress arrived: push the deadline back when the request asked for that. */
  touch(pending: PendingRequest): void {
    if (!pending.resetOnProgress || pending.timeoutMs <= 0) return;
    const next = now() + pending.timeoutMs;
    pending.deadline = Math.min(next, pending.hardDeadline);
  }

  /** Removes every request (connection closed) and returns them. */
  drain(): PendingRequest[] {
    const all = this.#all();
    for (const pending of all) this.take(pending.id);
    this.#disarm();
    return all;
  }

  /** Every pending request, oldest first. */
  #all(): PendingRequest[] {
    const all = [...this.#byId.values()];
    if (this.#first !== undefined) all.unshift(this.#first);
    return all;
  }

  #armFor(deadline: number): void {
    if (deadline === Infinity) return;
    if (this.#timer !== undefined && deadline >= this.#timerAt) return;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timerAt = deadline;
    // setTimeout overflows past 2^31-1 ms; firing early just re-scans and re-arms.
    const delay = Math.min(MAX_TIMER_DELAY_MS, Math.max(0, Math.ceil(deadline - now())));
    this.#timer = setTimeout(this.#fire, delay);
    // The shared timer may outlive the last request; it must never keep a finished program alive
    // (the transport itself holds the process while real work is pending). unref exists on Node/Bun/Deno.
    (this.#timer as { unref?: () => void }).unref?.();
  }

  #disarm(): void {
    if (this.#timer === undefined) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#timerAt = Infinity;
  }

  readonly #fire = (): void => {
    this.#timer = undefined;
    this.#timerAt = Infinity;
    const current = now();
    const expired: PendingRequest[] = [];
    let earliest = Infinity;
    for (const pending of this.#all()) {
      const due = Math.min(pending.deadline, pending.hardDeadline);
      if (due <= current) expired.push(pending);
      else if (due < earliest) earliest = due;
    }
    this.#armFor(earliest);
    for (const pending of expired) this.#onExpired(pending);
  };
}

/** Milliseconds on a monotonic clock. */
export function now(): number {
  return performance.now();
}

/** What the transports read of an abort: an AbortSignal is one, and so is a LazyAbortController. */
export interface AbortState {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/**
 * An abort controller that builds its AbortSignal only when one is read. On Node an AbortSignal is
 * an EventTarget: making one and adding and removing a listener cost about a tenth of the CPU of a
 * whole small keep-alive exchange (issue 17). The Node path reads this object itself, as an
 * AbortState with a plain listener list; a user's fetch gets the real signal from `signal`.
 */
export class LazyAbortController implements AbortState {
  aborted = false;
  reason: unknown;
  #controller: AbortController | undefined;
  #listeners: (() => void)[] | undefined;

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.aborted) this.#controller.abort(this.reason);
    }
    return this.#controller.signal;
  }

  abort(reason?: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    // As AbortController: no reason given means an AbortError.
    this.reason =
      reason === undefined ? new DOMException('This operation was aborted', 'AbortError') : reason;
    this.#controller?.abort(this.reason);
    const listeners = this.#listeners;
    this.#listeners = undefined;
    if (listeners !== undefined) for (const listener of listeners) listener();
  }

  addEventListener(_type: 'abort', listener: () => void): void {
    this.#listeners ??= [];
    this.#listeners.push(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const index = this.#listeners?.indexOf(listener) ?? -1;
    if (index >= 0) this.#listeners?.splice(index, 1);
  }
}

/** An abort controller tied to a lifetime and, optionally, to a caller's signal. */
export interface AbortLink {
  controller: LazyAbortController;
  /** Detaches from the input signals; call once the operation is over (aborted or not) so listeners do not pile up. */
  release(): void;
}

/**
 * The lifetime of a transport: aborting it aborts every operation linked to it. Operations are
 * tracked in a set rather than each adding a listener to one signal, so a hundred requests in
 * flight cost no listener pile-up (and no MaxListenersExceededWarning).
 */
export class AbortScope {
  readonly #controller = new AbortController();
  readonly #links = new Set<LazyAbortController>();

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  abort(reason?: unknown): void {
    this.#controller.abort(reason);
    const links = [...this.#links];
    this.#links.clear();
    for (const link of links) link.abort(reason);
  }

  /** A controller aborted (with the same reason) as soon as this scope or `caller` aborts. */
  link(caller?: AbortSignal): AbortLink {
    const controller = new LazyAbortController();
    const onCallerAbort = () => controller.abort(caller?.reason);
    const release = () => {
      this.#links.delete(controller);
      caller?.removeEventListener('abort', onCallerAbort);
    };
    if (this.signal.aborted) controller.abort(this.signal.reason);
    else if (caller?.aborted) onCallerAbort();
    else {
      this.#links.add(controller);
      caller?.addEventListener('abort', onCallerAbort, { once: true });
    }
    // Every user releases its link when its operation ends, aborted or not: no listener on the
    // link's own signal is needed for that (one less per request on the hot path).
    return { controller, release };
  }
}

/** An abort controller tied to a lifetime and, optionally, to a caller's signal. */
export interface AbortLink {
  controller: AbortController;
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
  readonly #links = new Set<AbortController>();

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
    const controller = new AbortController();
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

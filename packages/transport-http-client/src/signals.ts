/** An abort controller tied to a lifetime signal and, optionally, to a caller's signal. */
export interface AbortLink {
  controller: AbortController;
  /** Detaches from the input signals; call once the operation is over so listeners do not pile up. */
  release(): void;
}

/** A controller aborted (with the same reason) as soon as `lifetime` or `caller` aborts. */
export function linkAbort(lifetime: AbortSignal, caller: AbortSignal | undefined): AbortLink {
  const controller = new AbortController();
  const onLifetimeAbort = () => controller.abort(lifetime.reason);
  const onCallerAbort = () => controller.abort(caller?.reason);
  if (lifetime.aborted) onLifetimeAbort();
  if (caller?.aborted) onCallerAbort();
  lifetime.addEventListener('abort', onLifetimeAbort, { once: true });
  caller?.addEventListener('abort', onCallerAbort, { once: true });
  const release = () => {
    lifetime.removeEventListener('abort', onLifetimeAbort);
    caller?.removeEventListener('abort', onCallerAbort);
  };
  controller.signal.addEventListener('abort', release, { once: true });
  return { controller, release };
}

/**
 * Resolves after `ms`, or rejects with `signal`'s reason as soon as it aborts (at once if it
 * already has). The timer is cleared on abort, so an aborted wait keeps nothing alive.
 *
 * ```ts
 * await delay(retryAfterMs, request.signal); // a cancelled request stops waiting
 * ```
 */
export function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

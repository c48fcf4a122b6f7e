/** Counts work in flight so close() can wait for it, up to a deadline. */
export interface Gate {
  readonly closing: boolean;
  enter(): void;
  leave(): void;
  /** Refuses new work and resolves when nothing is in flight or `timeoutMs` passed. */
  drain(timeoutMs: number): Promise<void>;
}

export function createGate(): Gate {
  let inFlight = 0;
  let closing = false;
  let idle: (() => void) | undefined;
  return {
    get closing() {
      return closing;
    },
    enter() {
      inFlight++;
    },
    leave() {
      inFlight--;
      if (inFlight === 0) idle?.();
    },
    drain(timeoutMs) {
      closing = true;
      if (inFlight === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, timeoutMs);
        function done() {
          clearTimeout(timer);
          idle = undefined;
          resolve();
        }
        idle = done;
      });
    },
  };
}

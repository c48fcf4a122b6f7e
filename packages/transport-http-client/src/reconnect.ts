/** How a broken SSE stream is resumed when the server gave no `retry:` delay. */
export interface ReconnectionOptions {
  /** Consecutive reconnection attempts without progress before giving up (default 3). */
  maxRetries?: number;
  /** Delay before the first attempt, in milliseconds (default 1000). */
  initialDelayMs?: number;
  /** Upper bound of the delay, in milliseconds (default 30 000). */
  maxDelayMs?: number;
  /** Factor by which the delay grows after each failed attempt (default 1.5). */
  growFactor?: number;
}

/**
 * The default retry policy for broken SSE streams: 3 retries, delays from 1 s growing by 1.5 up to 30
 * s.
 */
export const DEFAULT_RECONNECTION: Required<ReconnectionOptions> = {
  maxRetries: 3,
  initialDelayMs: 1000,
  maxDelayMs: 30_000,
  growFactor: 1.5,
};

export function resolveReconnection(options: ReconnectionOptions = {}): Required<ReconnectionOptions> {
  const resolved = { ...DEFAULT_RECONNECTION, ...definedOnly(options) };
  for (const [key, value] of Object.entries(resolved)) {
    // Number.isFinite is false for anything that is not a number (it does not convert).
    if (!Number.isFinite(value) || value < 0) {
      throw new RangeError(`reconnection.${key} must be a finite number >= 0, got ${String(value)}`);
    }
  }
  return resolved;
}

/**
 * The wait before reconnection attempt `attempt` (0-based). A `retry:` delay the server sent wins,
 * as SEP-1699 requires; otherwise the delay grows exponentially up to the bound.
 */
export function reconnectionDelay(
  options: Required<ReconnectionOptions>,
  attempt: number,
  serverRetryMs: number | undefined,
): number {
  if (serverRetryMs !== undefined) return serverRetryMs;
  return Math.min(options.initialDelayMs * options.growFactor ** attempt, options.maxDelayMs);
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

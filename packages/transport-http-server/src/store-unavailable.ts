import type { Reply } from './exchange.js';
import { rejection } from './http-errors.js';

/**
 * What a store adds to an error that means "the backend cannot be reached now" (a Redis that is
 * down or restarting), as opposed to "this request is wrong". The handler answers such a failure
 * with 503 and `Retry-After` instead of 500, so clients and load balancers know to try again.
 */
export interface StoreUnavailable {
  storeUnavailable: true;
  /** How long the client should wait before trying again; 2 s when absent. */
  retryAfterSeconds?: number;
}

const DEFAULT_RETRY_AFTER_SECONDS = 2;

/** Whether `error` (or an error it was caused by) is a store's "unavailable" failure. */
export function isStoreUnavailable(error: unknown): error is Error & StoreUnavailable {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 4; depth++) {
    if ((cause as Partial<StoreUnavailable>).storeUnavailable === true) return true;
    cause = cause.cause;
  }
  return false;
}

/** The 503 answer to a request that failed because a store was unavailable. */
export function storeUnavailableReply(error: Error & StoreUnavailable, message = error.message): Reply {
  const seconds = error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS;
  return rejection(503, `Service Unavailable: ${message}`, {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(seconds))) },
  });
}

import type { StoreUnavailable } from '@mcpkit/transport-http-server';

/**
 * A failed Redis command, worded so the log says it was Redis, which operation, and for what; the
 * client's own error stays as `cause`.
 */
export function redisFailure(operation: string, error: unknown): Error {
  const reason = error instanceof Error ? error.message : String(error);
  const failure = new Error(`Redis ${operation} failed: ${reason}`, { cause: error });
  // Redis could not be reached (down, restarting, loading): the handler answers 503 + Retry-After.
  if (unreachable(error)) Object.assign(failure, { storeUnavailable: true } satisfies StoreUnavailable);
  return failure;
}

/** Replies that mean Redis is there but cannot serve now; every other reply error is a real failure. */
const BUSY_REPLY = /^(LOADING|BUSY|MASTERDOWN|CLUSTERDOWN|TRYAGAIN|READONLY)\b/;

/**
 * Whether a command failed because Redis could not be reached: the connection is down, closed or
 * timed out (errors of the client itself), or Redis answered that it cannot serve now. A reply
 * error such as WRONGTYPE is a failure of the command, not of the connection.
 */
function unreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name !== 'ReplyError') return true;
  return BUSY_REPLY.test(error.message);
}

/** Runs one store operation, rewording its failure with `redisFailure`. */
export async function attempt<T>(operation: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw redisFailure(operation, error);
  }
}

/** MULTI reports each step's error in its results instead of rejecting. */
export function failedStep(results: [Error | null, unknown][] | null): void {
  if (results === null) throw new Error('the transaction was aborted');
  for (const [error] of results) if (error) throw error;
}

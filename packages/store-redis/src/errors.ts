/**
 * A failed Redis command, worded so the log says it was Redis, which operation, and for what; the
 * client's own error stays as `cause`.
 */
export function redisFailure(operation: string, error: unknown): Error {
  const reason = error instanceof Error ? error.message : String(error);
  return new Error(`Redis ${operation} failed: ${reason}`, { cause: error });
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

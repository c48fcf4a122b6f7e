import type { InputRequiredResult } from './schemas/mrtr.js';

// `resultType` tells a 2026-07-28 client how to read a result. Servers of earlier revisions omit
// it, and the spec says to read such results as "complete".

/** The result's `resultType`, `"complete"` when absent (results of servers before 2026-07-28). */
export function resultTypeOf(result: object): string {
  const value = (result as { resultType?: unknown }).resultType;
  return typeof value === 'string' ? value : 'complete';
}

/** Whether the server asked for input (MRTR) instead of answering. */
export function isInputRequiredResult(result: object): result is InputRequiredResult {
  return resultTypeOf(result) === 'input_required';
}

/** How a driver process reports its single measurement to the suite: one stdout line with this prefix. */
export const RESULT_PREFIX = 'BENCH_RESULT ';

export type Outcome =
  | { status: 'ok'; value: number; detail: Record<string, number | string> }
  | { status: 'n/a'; reason: string }
  | { status: 'error'; reason: string };

import { ErrorCode, type JSONRPCResponse } from '@mcpkit/protocol';
import type { CheckOutcome, ScenarioResult } from '../types.js';
import { verdictOf } from '../types.js';
import { brief, fail, notApplicable } from './scenario.js';
import type { Revision, Session } from './session.js';
import { ProtocolViolationError, ServerExitedError } from './wire.js';

// The `lifecycle-handshake` rows of revisions the server did not serve (a served revision gets the
// scenario of that name): why the handshake (initialize, or server/discover at 2026-07-28) let
// the harness check nothing there. A run in which no revision could be checked fails: it must
// never end as a quiet "0 passed, 0 failed".

export const LIFECYCLE_SCENARIO = 'lifecycle-handshake';

/** The target (a URL) cannot be reached at all: the run stops with one line, not a report. */
export class TargetUnreachableError extends Error {
  constructor(
    readonly target: string,
    cause: unknown,
  ) {
    super(`cannot reach ${target}: ${networkCause(cause)}`, { cause });
    this.name = 'TargetUnreachableError';
  }
}

/** `fetch` rejects network failures with a bare TypeError "fetch failed"; the reason is its cause. */
export function isNetworkFailure(error: unknown): error is TypeError {
  return error instanceof TypeError && error.message === 'fetch failed';
}

function networkCause(error: unknown): string {
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  // The Fetch standard blocks some ports (e.g. 9, 25); undici says only "bad port".
  if (cause instanceof Error && cause.message === 'bad port')
    return 'fetch refuses to connect to this port (a "bad port" in the Fetch standard)';
  if (cause instanceof Error) return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** An error's message, with the network cause `fetch` hides behind "fetch failed". */
export function describeError(error: unknown): string {
  if (isNetworkFailure(error)) return `fetch failed (${networkCause(error)})`;
  return error instanceof Error ? error.message : String(error);
}

function handshakeMethod(revision: Revision): string {
  return revision === '2026-07-28' ? 'server/discover' : 'initialize';
}

function answerOf(handshake: JSONRPCResponse): string {
  return 'result' in handshake
    ? `the result ${brief(handshake.result, 160)}`
    : `error ${handshake.error.code} ${brief(handshake.error.message, 160)}`;
}

function lifecycleRow(revision: Revision, check: CheckOutcome, startedAt: number, target: string) {
  const checks = [check];
  const result: ScenarioResult = {
    scenario: LIFECYCLE_SCENARIO,
    target,
    revision,
    source: 'mcpkit',
    verdict: verdictOf(checks),
    checks,
    durationMs: Date.now() - startedAt,
  };
  return result;
}

/**
 * The handshake could not be held. A server that crashed on it, answered it in broken JSON-RPC
 * (a wrong id, a null result, no `"jsonrpc": "2.0"`), or a connection that broke, is a failure; silence or an HTTP refusal without a JSON-RPC body is how a server of another
 * era may answer, so it only makes the revision not applicable.
 */
export function handshakeErrorRow(
  revision: Revision,
  error: unknown,
  startedAt: number,
  target: string,
): ScenarioResult {
  const what = `no ${handshakeMethod(revision)} handshake at ${revision}: ${describeError(error)}`;
  const broken =
    error instanceof ServerExitedError || error instanceof ProtocolViolationError || isNetworkFailure(error);
  return lifecycleRow(
    revision,
    broken ? fail('handshake', what) : notApplicable('handshake', what),
    startedAt,
    target,
  );
}

/**
 * The server answered the handshake but did not serve the revision. Answering with another
 * revision, or refusing it with an error, is allowed (a server of another era has to); an
 * internal error (-32603) is the server failing, not declining.
 */
export function unservedRevisionRow(
  revision: Revision,
  session: Session,
  startedAt: number,
  target: string,
): ScenarioResult {
  const { handshake } = session;
  const method = handshakeMethod(revision);
  if ('error' in handshake && handshake.error.code === ErrorCode.InternalError) {
    return lifecycleRow(
      revision,
      fail(
        'handshake',
        `${method} at ${revision} failed inside the server: it answered ${answerOf(handshake)}`,
      ),
      startedAt,
      target,
    );
  }
  return lifecycleRow(
    revision,
    notApplicable(
      'handshake',
      `the server does not serve ${revision}: ${method} answered ${answerOf(handshake)}`,
    ),
    startedAt,
    target,
  );
}

/**
 * The closing row of a run in which no revision was served: nothing was checked, so the run
 * fails, naming what each handshake got. Undefined when some revision was served or a lifecycle
 * row already failed (that failure says it).
 */
export function nothingCheckedRow(
  lifecycleRows: readonly ScenarioResult[],
  served: number,
  target: string,
): ScenarioResult | undefined {
  if (served > 0 || lifecycleRows.some((row) => row.verdict === 'fail')) return undefined;
  const tried = lifecycleRows.map((row) => row.revision).join(', ');
  const first = lifecycleRows[0]?.checks[0]?.detail;
  const checks = [
    fail(
      'handshake',
      first === undefined
        ? 'no revision was tried, so nothing was checked'
        : `nothing was checked: the server served none of the revisions tried (${tried}); first: ${first}`,
    ),
  ];
  return { scenario: LIFECYCLE_SCENARIO, target, source: 'mcpkit', verdict: 'fail', checks, durationMs: 0 };
}

/** The row of the scenario during which the server went away, with a failing check saying so. */
export function diedDuring(result: ScenarioResult, gone: string, revision: Revision): ScenarioResult {
  const checks = [
    ...result.checks,
    fail('server-alive', `${gone} while this scenario ran; the rest of ${revision} was not run`),
  ];
  return { ...result, checks, verdict: verdictOf(checks) };
}

/** A scenario (or revision) not run because the server had already gone away. */
export function notRunRow(scenario: string, revision: Revision, target: string, why: string): ScenarioResult {
  const checks = [notApplicable('not-run', `not run: ${why}`)];
  return { scenario, target, revision, source: 'mcpkit', verdict: 'not-applicable', checks, durationMs: 0 };
}

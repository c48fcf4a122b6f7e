// The harness's report model, shared by every mode (server, client, referee, matrix) and every renderer.

/** A scenario never passes vacuously: if every check is not applicable, so is the scenario. */
export type Verdict = 'pass' | 'fail' | 'not-applicable';

/** RFC 2119 strength of the rule a check enforces. */
export type Severity = 'MUST' | 'SHOULD' | 'MAY';

/** The spec rule behind a check or scenario, set when the report is built (see report/rules.ts). */
export interface RuleRef {
  rule?: string;
  severity?: Severity;
  /** Link to the spec page (and section) that states the rule. */
  spec?: string;
}

export interface CheckOutcome extends RuleRef {
  id: string;
  verdict: Verdict;
  detail?: string;
}

export interface ScenarioResult extends RuleRef {
  scenario: string;
  /** What was tested: a URL, a command, or `server × client` in a matrix. */
  target: string;
  revision?: string;
  /** Our own checks, or the official referee's folded into the same report. */
  source: 'mcpkit' | 'referee';
  verdict: Verdict;
  checks: CheckOutcome[];
  durationMs: number;
  /** Listed in the expected-failures file. */
  expectedFailure?: boolean;
  /** Why nothing could be checked; reports set it on every not-applicable result. */
  reason?: string;
}

export interface MatrixCell {
  server: string;
  client: string;
  verdict: Verdict;
  passed: number;
  failed: number;
  notApplicable: number;
  detail?: string;
}

/** Our scenario and the referee's on the same rule (referee mode). */
export interface AgreementRow {
  ours: string;
  referee: string[];
  ourVerdict: Verdict;
  refereeVerdict: Verdict;
  /** True when the verdicts match, or one side had nothing to check. */
  agree: boolean;
  /** Why they differ (or why they cannot be compared). */
  explanation?: string;
}

export interface HarnessReport {
  tool: 'mcpkit-conformance';
  mode: 'server' | 'client' | 'referee' | 'matrix';
  startedAt: string;
  results: ScenarioResult[];
  matrix?: MatrixCell[];
  agreement?: AgreementRow[];
  /** What was tested, when every result has the same target (rows then omit it). */
  target?: string;
  summary: Tally;
  /** The same counts per revision (`-` for rows of no revision) and per severity of the rule. */
  byRevision?: Record<string, Tally>;
  bySeverity?: Partial<Record<Severity | 'unrated', Tally>>;
  /** Referee rows set apart because the target lacks the fixtures their scenario calls. */
  missingFixtures?: ScenarioResult[];
}

export interface Tally {
  passed: number;
  failed: number;
  notApplicable: number;
}

/** One verdict from many checks: any failure fails; otherwise any pass passes; else not applicable. */
export function verdictOf(checks: readonly CheckOutcome[]): Verdict {
  if (checks.some((check) => check.verdict === 'fail')) return 'fail';
  return checks.some((check) => check.verdict === 'pass') ? 'pass' : 'not-applicable';
}

/**
 * Why a not-applicable result checked nothing: the distinct reasons its not-applicable checks
 * give. A check without one is named, so a missing reason shows instead of vanishing.
 */
export function notApplicableReason(checks: readonly CheckOutcome[]): string {
  const reasons = checks
    .filter((check) => check.verdict === 'not-applicable')
    .map((check) => check.detail ?? `${check.id}: no reason given`);
  return reasons.length === 0 ? 'the scenario ran no check' : [...new Set(reasons)].join('; ');
}

// The report shapes of src/harness/types.ts (owned by the harness core), restated until that file lands.
export type Verdict = 'pass' | 'fail' | 'not-applicable';
export interface CheckOutcome {
  id: string;
  verdict: Verdict;
  detail?: string;
}
export interface ScenarioResult {
  scenario: string;
  target: string;
  revision?: string;
  source: 'mcpkit' | 'referee';
  verdict: Verdict;
  checks: CheckOutcome[];
  durationMs: number;
  expectedFailure?: boolean;
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

import type { AgreementRow, ScenarioResult, Verdict } from '../types.js';

// Where our server scenarios and the official referee's judge the same rule, their verdicts should
// agree. Each pair says why they may still differ (the referee needs its exact fixture names, or
// checks more of the rule than we do), so a disagreement is never left unexplained.

interface Pair {
  ours: string;
  referee: readonly string[];
  /** Why the two may disagree on a correct or broken server. */
  scope: string;
}

export const AGREEMENT_PAIRS: readonly Pair[] = [
  { ours: 'ping', referee: ['ping'], scope: 'same rule' },
  {
    ours: 'tools-list',
    referee: ['tools-list'],
    scope: 'the referee also checks its fixture tools are listed',
  },
  {
    ours: 'resources-read-unknown',
    referee: ['sep-2164-resource-not-found'],
    scope: 'the referee reads its fixture URI test://nonexistent-resource-for-conformance-testing',
  },
  {
    ours: 'cache-hints-2026',
    referee: ['caching'],
    scope: 'the referee checks every list and resources/read of the first resource; we check one list',
  },
  {
    ours: 'http-origin-check',
    referee: ['dns-rebinding-protection'],
    scope:
      'the referee sends a foreign Host and a foreign Origin together, so a Host check alone passes it; we send a foreign Origin with a local Host, which only an Origin check refuses',
  },
  {
    ours: 'tasks-extension-surface',
    referee: ['tasks-dispatch-and-envelope', 'tasks-capability-negotiation'],
    scope:
      'the referee also runs its fixture tools (greet, slow_compute, failing_job, confirm_delete) through whole task lives; we check only the tasks/* methods and their gating, which need no fixture',
  },
  {
    ours: 'mrtr-tampered-state',
    referee: ['input-required-result-tampered-state'],
    scope:
      'the referee calls test_input_required_result_tampered_state; we look for any tool that asks for input',
  },
  {
    ours: 'completion-complete',
    referee: ['completion-complete'],
    scope: 'the referee completes test_prompt_with_arguments; we complete the first prompt with arguments',
  },
  { ours: 'logging-set-level', referee: ['logging-set-level'], scope: 'same rule' },
  {
    ours: 'resources-subscribe',
    referee: ['resources-subscribe', 'resources-unsubscribe'],
    scope: 'the referee subscribes to test://watched-resource; we to the first listed resource',
  },
  {
    ours: 'tools-list-schema-preserved',
    referee: ['json-schema-2020-12'],
    scope: 'the referee compares json_schema_2020_12_tool keyword by keyword; we check every $ref resolves',
  },
  {
    ours: 'progress',
    referee: ['tools-call-with-progress'],
    scope: 'the referee calls test_tool_with_progress; we call the first tool whose name mentions progress',
  },
  {
    ours: 'round-trip-sampling',
    referee: ['tools-call-sampling'],
    scope: 'the referee calls test_sampling; we call the first tool whose name mentions sampling',
  },
  {
    ours: 'round-trip-elicitation',
    referee: ['tools-call-elicitation'],
    scope: 'the referee calls test_elicitation; we call the first tool whose name mentions elicitation',
  },
  {
    ours: 'unsupported-version',
    referee: ['server-stateless'],
    scope: 'server-stateless checks 30 rules of 2026-07-28; ours checks -32022 alone',
  },
  {
    ours: 'meta-envelope-required',
    referee: ['server-stateless'],
    scope: 'server-stateless checks 30 rules of 2026-07-28; ours checks the missing-_meta rule alone',
  },
  {
    ours: 'subscriptions-listen',
    referee: ['server-stateless'],
    scope: 'server-stateless checks 30 rules of 2026-07-28; ours checks the listen acknowledgement alone',
  },
];

/** Our verdict over every revision: any failure fails; else any pass passes; else not applicable. */
function combined(results: readonly ScenarioResult[]): Verdict | undefined {
  if (results.length === 0) return undefined;
  if (results.some((r) => r.verdict === 'fail')) return 'fail';
  return results.some((r) => r.verdict === 'pass') ? 'pass' : 'not-applicable';
}

export function compareWithReferee(results: readonly ScenarioResult[]): AgreementRow[] {
  const rows: AgreementRow[] = [];
  for (const pair of AGREEMENT_PAIRS) {
    const ours = combined(results.filter((r) => r.source === 'mcpkit' && r.scenario === pair.ours));
    const referee = combined(
      results.filter((r) => r.source === 'referee' && pair.referee.includes(r.scenario)),
    );
    if (ours === undefined || referee === undefined) continue;
    const comparable = ours !== 'not-applicable' && referee !== 'not-applicable';
    const agree = !comparable || ours === referee;
    const row: AgreementRow = {
      ours: pair.ours,
      referee: [...pair.referee],
      ourVerdict: ours,
      refereeVerdict: referee,
      agree,
    };
    if (!comparable)
      row.explanation = `not comparable: ${ours === 'not-applicable' ? 'our scenario' : "the referee's"} found nothing to check`;
    else if (!agree) row.explanation = pair.scope;
    rows.push(row);
  }
  return rows;
}

import type { CheckOutcome, ScenarioResult } from '../types.js';
import { verdictOf } from '../types.js';
import { ERROR_SCENARIOS } from './errors.js';
import { FEATURE_SCENARIOS } from './features.js';
import { ROUND_TRIP_SCENARIOS } from './round-trips.js';
import { fail, type ScenarioContext, type ServerScenario } from './scenario.js';
import { SCHEMA_SCENARIOS, SCHEMA_VALIDITY_SCENARIO } from './schema.js';
import {
  detectLegacySse,
  openSession,
  REVISIONS,
  type Revision,
  type Session,
  type Target,
} from './session.js';
import { STATELESS_SCENARIOS } from './stateless.js';
import { TASKS_EXTENSION_SCENARIOS } from './tasks-extension.js';
import { TRANSPORT_SCENARIOS } from './transport.js';

export interface ServerModeOptions extends Target {
  /** Revisions to try (default: all five); the ones the server does not accept are not applicable. */
  revisions?: readonly Revision[];
  /** Scenario ids to run (default: all). */
  scenarios?: readonly string[];
  /** Called after each scenario, e.g. for a progress line. */
  onResult?: (result: ScenarioResult, done: number) => void;
}

/** Every server scenario, in the order they run within one revision (stdout and schema checks last). */
export const SERVER_SCENARIOS: readonly ServerScenario[] = [
  ...FEATURE_SCENARIOS,
  ...SCHEMA_SCENARIOS,
  ...ERROR_SCENARIOS,
  ...ROUND_TRIP_SCENARIOS,
  ...STATELESS_SCENARIOS,
  ...TASKS_EXTENSION_SCENARIOS,
  ...TRANSPORT_SCENARIOS,
  SCHEMA_VALIDITY_SCENARIO,
];

export const SERVER_SCENARIO_IDS: readonly string[] = SERVER_SCENARIOS.map((scenario) => scenario.id);

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

type TransportKind = 'stdio' | 'http' | 'legacy-sse';

function applies(
  scenario: ServerScenario,
  revision: Revision,
  transport: TransportKind,
  wanted?: readonly string[],
) {
  if (wanted !== undefined && !wanted.includes(scenario.id)) return false;
  if (scenario.revisions !== undefined && !scenario.revisions.includes(revision)) return false;
  return (
    scenario.transports === undefined ||
    (transport !== 'legacy-sse' && scenario.transports.includes(transport))
  );
}

export function validateScenarioIds(ids: readonly string[]): void {
  const unknown = ids.filter((id) => !SERVER_SCENARIO_IDS.includes(id));
  if (unknown.length > 0) {
    throw new Error(
      `unknown server scenario(s) ${unknown.join(', ')}; known: ${SERVER_SCENARIO_IDS.join(', ')}`,
    );
  }
}

/** Checks a server at each revision it accepts; one fresh connection per revision. */
export async function runServerMode(options: ServerModeOptions): Promise<ScenarioResult[]> {
  if (options.scenarios) validateScenarioIds(options.scenarios);
  const target = options.command ?? options.url ?? '';
  const legacySse =
    options.command === undefined &&
    options.url !== undefined &&
    (options.legacySse ?? (await detectLegacySse(options.url)));
  const transport: TransportKind = options.command ? 'stdio' : legacySse ? 'legacy-sse' : 'http';
  const connectTo: Target = legacySse ? { ...options, legacySse: true } : options;
  const results: ScenarioResult[] = [];
  const record = (result: ScenarioResult) => {
    results.push(result);
    options.onResult?.(result, results.length);
  };

  // The HTTP+SSE transport predates the stateless revision.
  const revisions = (options.revisions ?? REVISIONS).filter((r) => !(legacySse && r === '2026-07-28'));
  for (const revision of revisions) {
    const started = Date.now();
    let session: Session;
    try {
      session = await openSession(connectTo, revision);
    } catch (error) {
      record({
        scenario: 'revision-support',
        target,
        revision,
        source: 'mcpkit',
        verdict: 'not-applicable',
        checks: [
          {
            id: 'handshake',
            verdict: 'not-applicable',
            detail: `no handshake at ${revision}: ${describeError(error)}`,
          },
        ],
        durationMs: Date.now() - started,
      });
      continue;
    }
    try {
      if (!session.claimed) {
        const answer =
          'result' in session.handshake
            ? JSON.stringify(session.handshake.result).slice(0, 160)
            : JSON.stringify(session.handshake.error);
        record({
          scenario: 'revision-support',
          target,
          revision,
          source: 'mcpkit',
          verdict: 'not-applicable',
          checks: [
            {
              id: 'handshake',
              verdict: 'not-applicable',
              detail: `the server does not serve ${revision} (answered ${answer})`,
            },
          ],
          durationMs: Date.now() - started,
        });
        continue;
      }
      const context: ScenarioContext = { session, target: connectTo, revision, cache: new Map() };
      for (const scenario of SERVER_SCENARIOS.filter((s) =>
        applies(s, revision, transport, options.scenarios),
      )) {
        record(await runScenario(scenario, context, target));
      }
    } finally {
      await session.close();
    }
  }
  return results;
}

async function runScenario(
  scenario: ServerScenario,
  context: ScenarioContext,
  target: string,
): Promise<ScenarioResult> {
  const started = Date.now();
  let checks: CheckOutcome[];
  try {
    checks = await scenario.run(context);
  } catch (error) {
    checks = [fail('run', describeError(error))];
  }
  return {
    scenario: scenario.id,
    target,
    revision: context.revision,
    source: 'mcpkit',
    verdict: verdictOf(checks),
    checks,
    durationMs: Date.now() - started,
  };
}

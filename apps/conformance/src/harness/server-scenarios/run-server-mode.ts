import type { CheckOutcome, ScenarioResult } from '../types.js';
import { verdictOf } from '../types.js';
import { ERROR_SCENARIOS } from './errors.js';
import { FEATURE_SCENARIOS } from './features.js';
import {
  describeError,
  diedDuring,
  handshakeErrorRow,
  isNetworkFailure,
  LIFECYCLE_SCENARIO,
  nothingCheckedRow,
  notRunRow,
  TargetUnreachableError,
  unservedRevisionRow,
} from './lifecycle.js';
import { ROUND_TRIP_SCENARIOS } from './round-trips.js';
import { mcpNameBase64, mcpParamNumeric, toolOutputAnyJson } from './rules-2026.js';
import { deepSchemaRefused, inputRequiredShape, mrtrStateBound } from './rules-2026-state.js';
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
  /** Tools the round-trip scenarios call, by kind (sampling, elicitation, roots), instead of guessing. */
  roundTripTools?: Readonly<Record<string, string>>;
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
  toolOutputAnyJson,
  mcpNameBase64,
  mcpParamNumeric,
  mrtrStateBound,
  ...TASKS_EXTENSION_SCENARIOS,
  ...TRANSPORT_SCENARIOS,
  // Last but schema validity: a server this crashes takes no other scenario down with it.
  deepSchemaRefused,
  inputRequiredShape,
  SCHEMA_VALIDITY_SCENARIO,
];

export const SERVER_SCENARIO_IDS: readonly string[] = SERVER_SCENARIOS.map((scenario) => scenario.id);

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

/** Streamable HTTP or HTTP+SSE? Asking is the first contact, so a dead URL ends the run here. */
async function isLegacySse(url: string): Promise<boolean> {
  try {
    return await detectLegacySse(url);
  } catch (error) {
    if (isNetworkFailure(error)) throw new TargetUnreachableError(url, error);
    throw error;
  }
}

/**
 * Checks a server at each revision it accepts; one fresh connection per revision. Each revision
 * tried gets a `lifecycle` row; a run that could check no revision ends with a failing one.
 */
export async function runServerMode(options: ServerModeOptions): Promise<ScenarioResult[]> {
  if (options.scenarios) validateScenarioIds(options.scenarios);
  const target = options.command ?? options.url ?? '';
  const legacySse =
    options.command === undefined &&
    options.url !== undefined &&
    (options.legacySse ?? (await isLegacySse(options.url)));
  const transport: TransportKind = options.command ? 'stdio' : legacySse ? 'legacy-sse' : 'http';
  const connectTo: Target = legacySse ? { ...options, legacySse: true } : options;
  const results: ScenarioResult[] = [];
  const lifecycle: ScenarioResult[] = [];
  let served = 0;
  const record = (result: ScenarioResult) => {
    results.push(result);
    options.onResult?.(result, results.length);
  };

  // The HTTP+SSE transport predates the stateless revision.
  const revisions = (options.revisions ?? REVISIONS).filter((r) => !(legacySse && r === '2026-07-28'));
  // An HTTP server that went away is not asked again: each later revision says why it was not tried.
  let serverGone: string | undefined;
  for (const revision of revisions) {
    if (serverGone !== undefined) {
      record(notRunRow(LIFECYCLE_SCENARIO, revision, target, serverGone));
      continue;
    }
    const started = Date.now();
    let session: Session;
    try {
      session = await openSession(connectTo, revision);
    } catch (error) {
      const row = handshakeErrorRow(revision, error, started, target);
      lifecycle.push(row);
      record(row);
      continue;
    }
    try {
      if (!session.claimed) {
        const row = unservedRevisionRow(revision, session, started, target);
        lifecycle.push(row);
        record(row);
        continue;
      }
      served++;
      const context: ScenarioContext = { session, target: connectTo, revision, cache: new Map() };
      if (options.roundTripTools !== undefined) context.roundTripTools = options.roundTripTools;
      const scenarios = SERVER_SCENARIOS.filter((s) => applies(s, revision, transport, options.scenarios));
      for (const [index, scenario] of scenarios.entries()) {
        const result = await runScenario(scenario, context, target);
        const gone = session.wire.gone;
        if (gone === undefined) {
          record(result);
          continue;
        }
        // The server died here: this scenario says so; the rest of the revision is not run, so no
        // later row blames the server for requests it could no longer answer.
        record(diedDuring(result, gone, revision));
        for (const skipped of scenarios.slice(index + 1))
          record(notRunRow(skipped.id, revision, target, `${gone} during ${scenario.id} at ${revision}`));
        if (transport !== 'stdio') serverGone = `${gone} during ${scenario.id} at ${revision}`;
        break;
      }
    } finally {
      await session.close();
    }
  }
  const nothingChecked = nothingCheckedRow(lifecycle, served, target);
  if (nothingChecked !== undefined) record(nothingChecked);
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

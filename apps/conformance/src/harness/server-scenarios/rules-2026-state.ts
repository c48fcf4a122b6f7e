import { ErrorCode } from '@mcpkit/protocol';
import type { CheckOutcome } from '../types.js';
import { argumentsFor } from './round-trips.js';
import {
  brief,
  cachedList,
  check,
  errorCodeOf,
  fail,
  notApplicable,
  pass,
  resultOf,
  type ScenarioContext,
  type ServerScenario,
} from './scenario.js';
import { answerServerRequest, type JsonObject } from './wire.js';

// requestState bound to its request (SEP-2322's replay guidance) and bounded validation of
// pathological arguments: two more 2026-07-28 rules the referee does not check.

const MAX_PROBED_TOOLS = 5;
/** Nesting depth of the pathological argument: deep enough to overflow a recursive validator's stack. */
export const DEEP_NESTING = 3_000;

async function tools(context: ScenarioContext): Promise<JsonObject[]> {
  return (await cachedList(context, 'tools', 'tools/list', 'tools'))?.items ?? [];
}

function stringProperties(tool: JsonObject): string[] {
  const properties =
    (tool.inputSchema as { properties?: Record<string, JsonObject> } | undefined)?.properties ?? {};
  return Object.entries(properties)
    .filter(
      ([, schema]) => schema.type === 'string' && schema.enum === undefined && schema.const === undefined,
    )
    .map(([name]) => name);
}

/** The answers a cooperative client gives to an input_required result's requests. */
function answersTo(result: JsonObject): JsonObject {
  const requests = (result.inputRequests ?? {}) as Record<string, { method?: string; params?: JsonObject }>;
  return Object.fromEntries(
    Object.entries(requests).map(([key, request]) => [
      key,
      answerServerRequest(String(request.method), request.params),
    ]),
  );
}

/** (3) A requestState replayed on a call with other arguments must not complete that call. */
export const mrtrStateBound: ServerScenario = {
  id: 'mrtr-state-bound',
  description: 'a requestState from one tools/call does not complete a call with other arguments',
  revisions: ['2026-07-28'],
  async run(context) {
    const candidates = (await tools(context)).filter((tool) => stringProperties(tool).length > 0);
    for (const tool of candidates.slice(0, MAX_PROBED_TOOLS)) {
      const name = String(tool.name);
      const args = argumentsFor(tool);
      const first = resultOf(await context.session.call('tools/call', { name, arguments: args }));
      if (first?.resultType !== 'input_required' || typeof first.requestState !== 'string') continue;
      const [property = ''] = stringProperties(tool);
      const other = { ...args, [property]: `${String(args[property] ?? '')}-replayed-elsewhere` };
      const replay = await context.session.call('tools/call', {
        name,
        arguments: other,
        inputResponses: answersTo(first),
        requestState: first.requestState,
      });
      const replayed = resultOf(replay);
      const completed = replayed?.resultType === 'complete' && replayed.isError !== true;
      return [
        check(
          'bound',
          !completed,
          `${name}: the requestState issued for ${brief(args, 80)} completed a call with ${brief(other, 80)}: ${brief(replayed, 160)}`,
          `${name}: the state replayed with ${property} changed was ${
            replayed === undefined
              ? `refused (${errorCodeOf(replay)})`
              : `answered ${String(replayed.resultType)}${replayed.isError ? ' isError' : ''}`
          }`,
        ),
      ];
    }
    return [
      notApplicable(
        'bound',
        candidates.length === 0
          ? 'no listed tool takes a free string argument to vary'
          : `none of ${candidates
              .slice(0, MAX_PROBED_TOOLS)
              .map((t) => String(t.name))
              .join(', ')} answered input_required with a requestState`,
      ),
    ];
  },
};

/** An array nested `depth` times: `[[[…[]…]]]`, built without recursion. */
export function deeplyNested(depth: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < depth; level++) value = [value];
  return value;
}

/** Tools whose input schema uses composition or $ref, where a validator may recurse with the input. */
function recursiveFirst(list: JsonObject[]): JsonObject[] {
  const composed = list.filter((tool) =>
    /"(\$ref|anyOf|oneOf|allOf)"/.test(JSON.stringify(tool.inputSchema)),
  );
  return composed.length > 0 ? composed : list.slice(0, 1);
}

/** (5) Arguments nested 3,000 deep are refused with -32602 (or validated), never -32603 or a crash. */
export const deepSchemaRefused: ServerScenario = {
  id: 'deep-schema-refused',
  description:
    'tools/call with arguments nested 3,000 deep is answered -32602 or a result, not -32603 or a crash',
  revisions: ['2026-07-28'],
  async run(context) {
    const probed = recursiveFirst(await tools(context)).slice(0, 2);
    if (probed.length === 0) return [notApplicable('deep', 'the server lists no tool')];
    const checks: CheckOutcome[] = [];
    for (const tool of probed) {
      const name = String(tool.name);
      const properties = Object.keys(
        (tool.inputSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {},
      );
      const property = properties[0] ?? 'conformance_deep';
      const args = { ...argumentsFor(tool), [property]: deeplyNested(DEEP_NESTING) };
      let response: Awaited<ReturnType<typeof context.session.call>>;
      try {
        response = await context.session.call('tools/call', { name, arguments: args }, { timeoutMs: 20_000 });
      } catch (error) {
        checks.push(
          fail(
            name,
            `tools/call ${name} with ${property} nested ${DEEP_NESTING} deep got no answer: ${String(error)}`,
          ),
        );
        break;
      }
      const code = errorCodeOf(response);
      if (code === undefined) {
        checks.push(pass(name, `${name} answered a result (${brief(resultOf(response), 80)})`));
        continue;
      }
      // -32600 is a refusal too: a server may cap JSON nesting before it reads the request at all.
      if (code === ErrorCode.InvalidRequest) {
        checks.push(
          pass(
            name,
            `${name}: the request was refused with -32600 before validation (${brief('error' in response ? response.error.message : '', 120)})`,
          ),
        );
        continue;
      }
      checks.push(
        check(
          name,
          code === ErrorCode.InvalidParams,
          `tools/call ${name} with ${property} nested ${DEEP_NESTING} deep was answered ${code} ` +
            `${brief('error' in response ? response.error.message : '', 120)}; expected -32602 (invalid params)` +
            (code === ErrorCode.InternalError ? ': the validator failed instead of refusing the input' : ''),
          `${name} refused it with -32602`,
        ),
      );
    }
    return checks;
  },
};

/**
 * Every input_required result the server sent during the revision carries inputRequests or a
 * requestState (without either the client has nothing to retry with). Judged on what was seen.
 */
export const inputRequiredShape: ServerScenario = {
  id: 'input-required-shape',
  description: 'every input_required result carries inputRequests or requestState',
  revisions: ['2026-07-28'],
  async run({ session }) {
    const seen = session.wire.received
      .map(({ message, answers }) => ({
        result: 'result' in message ? (message.result as JsonObject) : undefined,
        answers,
      }))
      .filter((entry) => entry.result?.resultType === 'input_required');
    if (seen.length === 0)
      return [notApplicable('shape', 'the server sent no input_required result in this run')];
    const empty = seen.find(
      ({ result }) => result?.inputRequests === undefined && result?.requestState === undefined,
    );
    return [
      check(
        'shape',
        empty === undefined,
        `an input_required result to ${empty?.answers ?? 'a request'} carries neither inputRequests nor requestState: ${brief(empty?.result)}`,
        `${seen.length} input_required result(s), each with inputRequests or requestState`,
      ),
    ];
  },
};

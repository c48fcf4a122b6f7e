import type { CheckOutcome } from '../types.js';
import {
  brief,
  check,
  fail,
  notApplicable,
  pass,
  resultOf,
  type ScenarioContext,
  type ServerScenario,
} from './scenario.js';
import { answerServerRequest, type JsonObject } from './wire.js';
import type { HttpWire } from './wire-http.js';

// Server-to-client round trips: a tool that samples, elicits or lists roots must get the harness's
// answer back (a real request up to 2025-11-25; input_required and a retry in 2026-07-28), and
// subscriptions/listen must open with its acknowledgement.

const KINDS = [
  { id: 'sampling', method: 'sampling/createMessage', pattern: /sampl/i, answerKey: 'sampling' },
  { id: 'elicitation', method: 'elicitation/create', pattern: /elicit/i, answerKey: 'elicitation' },
  { id: 'roots', method: 'roots/list', pattern: /roots/i, answerKey: 'roots' },
] as const;

async function listedTools(context: ScenarioContext): Promise<JsonObject[]> {
  if (context.session.capabilities.tools === undefined) return [];
  const response = await context.session.call('tools/list');
  return (resultOf(response)?.tools as JsonObject[] | undefined) ?? [];
}

/** Arguments for a tool from its required properties (numbers 1, booleans true, strings "conformance"). */
export function argumentsFor(tool: JsonObject): JsonObject {
  const schema = tool.inputSchema as
    | { required?: string[]; properties?: Record<string, { type?: string }> }
    | undefined;
  const args: JsonObject = {};
  for (const name of schema?.required ?? []) {
    const type = schema?.properties?.[name]?.type;
    args[name] = type === 'integer' || type === 'number' ? 1 : type === 'boolean' ? true : 'conformance';
  }
  return args;
}

/** Answers input_required rounds the way a cooperative 2026 client does, up to a bound. */
async function callWithRounds(
  context: ScenarioContext,
  tool: JsonObject,
): Promise<{ result?: JsonObject; asked: string[]; error?: string }> {
  const asked: string[] = [];
  let params: JsonObject = { name: tool.name as string, arguments: argumentsFor(tool) };
  for (let round = 0; round < 5; round++) {
    const response = await context.session.call('tools/call', params, { timeoutMs: 20_000 });
    const result = resultOf(response);
    if (result === undefined) return { asked, error: brief('error' in response ? response.error : response) };
    if (result.resultType !== 'input_required') return { result, asked };
    const requests = (result.inputRequests ?? {}) as Record<string, { method?: string; params?: JsonObject }>;
    const responses: JsonObject = {};
    for (const [key, request] of Object.entries(requests)) {
      asked.push(String(request.method));
      responses[key] = answerServerRequest(String(request.method), request.params);
    }
    params = { ...params, inputResponses: responses };
    if (typeof result.requestState === 'string') params.requestState = result.requestState;
  }
  return { asked, error: 'still input_required after 5 rounds' };
}

function roundTrip(kind: (typeof KINDS)[number]): ServerScenario {
  return {
    id: `round-trip-${kind.id}`,
    description: `a tool that needs ${kind.method} gets the harness's answer and completes`,
    async run(context) {
      const listed = await listedTools(context);
      const named = context.roundTripTools?.[kind.id];
      if (named !== undefined && !listed.some((t) => t.name === named))
        return [fail(kind.id, `--round-trip-tool ${kind.id}=${named}: tools/list has no tool ${named}`)];
      // Without --round-trip-tool, the tool is guessed from its name (and the row says so).
      const tool =
        named !== undefined
          ? listed.find((t) => t.name === named)
          : listed.find(
              (t) =>
                kind.pattern.test(String(t.name)) &&
                !/input_required|tamper|missing|capabilit/i.test(String(t.name)),
            );
      if (tool === undefined)
        return [
          notApplicable(
            kind.id,
            `no tool whose name suggests ${kind.method}; name one with --round-trip-tool ${kind.id}=<tool>`,
          ),
        ];
      const chosen = named !== undefined ? 'named by --round-trip-tool' : 'guessed from its name';
      // A server asks for roots when it likes (often right after initialization, on the GET
      // stream over HTTP): any roots/list of the session counts. The others must come with the call.
      const before = kind.id === 'roots' ? 0 : context.session.wire.received.length;
      const outcome = await callWithRounds(context, tool);
      const viaRequests = context.session.wire.received
        .slice(before)
        .some(({ message }) => 'method' in message && 'id' in message && message.method === kind.method);
      const checks: CheckOutcome[] = [];
      if (outcome.error !== undefined)
        return [fail(kind.id, `tools/call ${String(tool.name)}: ${outcome.error}`)];
      const used = viaRequests || outcome.asked.includes(kind.method);
      checks.push(
        used
          ? pass(
              kind.id,
              `${String(tool.name)} (${chosen}) asked through ${viaRequests ? 'a server-to-client request' : 'input_required'}`,
            )
          : notApplicable(
              kind.id,
              `${String(tool.name)} (${chosen}) finished without asking for ${kind.method}`,
            ),
      );
      if (used)
        checks.push(
          check(
            `${kind.id}-completed`,
            outcome.result?.isError !== true,
            `${String(tool.name)} ended in isError: ${brief(outcome.result)}`,
          ),
        );
      return checks;
    },
  };
}

const listen: ServerScenario = {
  id: 'subscriptions-listen',
  description: 'subscriptions/listen opens with notifications/subscriptions/acknowledged',
  revisions: ['2026-07-28'],
  transports: ['http'],
  async run({ session }) {
    const capabilities = session.capabilities as Record<string, { listChanged?: boolean } | undefined>;
    const wanted = (['tools', 'prompts', 'resources'] as const).filter(
      (kind) => capabilities[kind]?.listChanged === true,
    );
    if (wanted.length === 0)
      return [notApplicable('listen', 'the server declares no listChanged capability')];
    const wire = session.wire as HttpWire;
    const params = {
      notifications: Object.fromEntries(wanted.map((kind) => [`${kind}ListChanged`, true])),
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    };
    const body = JSON.stringify({ jsonrpc: '2.0', id: 'listen-1', method: 'subscriptions/listen', params });
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 5_000);
    try {
      const response = await fetch(wire.url, {
        method: 'POST',
        headers: wire.headersFor({ 'mcp-method': 'subscriptions/listen' }),
        body,
        signal: controller.signal,
      });
      if (!(response.headers.get('content-type') ?? '').includes('text/event-stream') || !response.body) {
        return [
          fail(
            'listen-stream',
            `expected an SSE stream, got HTTP ${response.status} ${response.headers.get('content-type')}: ${(await response.text()).slice(0, 200)}`,
          ),
        ];
      }
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let text = '';
      while (!/"method"\s*:/.test(text)) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += decoder.decode(chunk.value, { stream: true });
      }
      controller.abort();
      const first = /data: ?(.*)/.exec(
        text.split(/\r?\n\r?\n/).find((event) => /"method"/.test(event)) ?? '',
      )?.[1];
      const message = first ? (JSON.parse(first) as { method?: string }) : undefined;
      return [
        check(
          'acknowledged-first',
          message?.method === 'notifications/subscriptions/acknowledged',
          `the first message on the stream was ${brief(message)}`,
        ),
      ];
    } catch (error) {
      if (controller.signal.aborted)
        return [fail('listen-stream', 'no message on the subscriptions/listen stream within 5 s')];
      throw error;
    } finally {
      clearTimeout(timer);
    }
  },
};

export const ROUND_TRIP_SCENARIOS: readonly ServerScenario[] = [...KINDS.map(roundTrip), listen];

import { brief, check, expectError, notApplicable, pass, resultOf, type ServerScenario } from './scenario.js';
import { headers2026, withEnvelope } from './session.js';
import type { JsonObject } from './wire.js';

// 2026-07-28 (stateless) rules: resultType, the _meta envelope, version errors, cache hints, MRTR state integrity.

const ONLY_2026 = ['2026-07-28'] as const;

const resultType: ServerScenario = {
  id: 'result-type-2026',
  description: 'every result carries resultType ("complete" for a finished list)',
  revisions: ONLY_2026,
  async run({ session }) {
    const discover = resultOf(session.handshake);
    const checks = [
      check(
        'discover-result-type',
        discover?.resultType === 'complete',
        `server/discover resultType is ${brief(discover?.resultType)}; expected "complete"`,
      ),
    ];
    if (session.capabilities.tools !== undefined) {
      const listed = resultOf(await session.call('tools/list'));
      checks.push(
        check(
          'tools-list-result-type',
          listed?.resultType === 'complete',
          `tools/list resultType is ${brief(listed?.resultType)}; expected "complete"`,
        ),
      );
    }
    return checks;
  },
};

const envelopeRequired: ServerScenario = {
  id: 'meta-envelope-required',
  description: 'a request without the _meta envelope is -32602 (HTTP 400)',
  revisions: ONLY_2026,
  // Over stdio a request without _meta or initialize names no era, so only HTTP (whose header does) is checked.
  transports: ['http'],
  async run({ session }) {
    const headers = headers2026('tools/list', undefined);
    const response = await session.wire.request('tools/list', {}, { headers });
    const checks = [expectError('missing-meta', response, [-32602], 'tools/list without _meta')];
    const status =
      session.wire.kind === 'http' ? (session.wire as { last?: { status: number } }).last?.status : undefined;
    if (status !== undefined)
      checks.push(check('missing-meta-400', status === 400, `HTTP ${status}; expected 400`));
    return checks;
  },
};

const unsupportedVersion: ServerScenario = {
  id: 'unsupported-version',
  description: 'an unknown protocol version in _meta is -32022 naming the supported and requested versions',
  revisions: ONLY_2026,
  async run({ session }) {
    const params = withEnvelope('2026-07-28');
    (params._meta as JsonObject)['io.modelcontextprotocol/protocolVersion'] = '2099-01-01';
    const headers = { ...headers2026('server/discover', undefined), 'mcp-protocol-version': '2099-01-01' };
    const response = await session.wire.request('server/discover', params, { headers });
    const verdict = expectError('unsupported-version', response, [-32022], 'a request at version 2099-01-01');
    if (verdict.verdict !== 'pass' || !('error' in response)) return [verdict];
    const data = response.error.data as JsonObject | undefined;
    return [
      verdict,
      check(
        'error-data',
        Array.isArray(data?.supported) && data?.requested === '2099-01-01',
        `error.data needs supported[] and requested: ${brief(data)}`,
      ),
    ];
  },
};

const cacheHints: ServerScenario = {
  id: 'cache-hints-2026',
  description: 'list results carry ttlMs (integer >= 0) and cacheScope (public or private)',
  revisions: ONLY_2026,
  async run({ session }) {
    const method = ['tools', 'prompts', 'resources'].find((c) => session.capabilities[c] !== undefined);
    if (method === undefined) return [notApplicable('cache-hints', 'no list capability')];
    const result = resultOf(await session.call(`${method}/list`));
    const ok =
      Number.isInteger(result?.ttlMs) &&
      (result?.ttlMs as number) >= 0 &&
      (result?.cacheScope === 'public' || result?.cacheScope === 'private');
    return [
      check(
        'cache-hints',
        ok,
        `${method}/list: ttlMs ${brief(result?.ttlMs)}, cacheScope ${brief(result?.cacheScope)}`,
      ),
    ];
  },
};

function tamper(state: string): string {
  const middle = Math.floor(state.length / 2);
  return `${state.slice(0, middle)}${state[middle] === 'A' ? 'B' : 'A'}${state.slice(middle + 1)}`;
}

const tamperedState: ServerScenario = {
  id: 'mrtr-tampered-state',
  description: 'a tool that asks for input (input_required) refuses a tampered requestState with -32602',
  revisions: ONLY_2026,
  async run({ session }) {
    if (session.capabilities.tools === undefined)
      return [notApplicable('tampered-state', 'no tools capability')];
    const tools = (
      (resultOf(await session.call('tools/list'))?.tools as JsonObject[] | undefined) ?? []
    ).filter((t) => /input_required|elicit|sampl|roots|confirm/i.test(String(t.name)));
    for (const tool of tools.slice(0, 5)) {
      const first = resultOf(await session.call('tools/call', { name: tool.name as string, arguments: {} }));
      if (first?.resultType !== 'input_required' || typeof first.requestState !== 'string') continue;
      const second = await session.call('tools/call', {
        name: tool.name as string,
        arguments: {},
        requestState: tamper(first.requestState),
        inputResponses: {},
      });
      return [
        pass('input-required', `${String(tool.name)} asked for input`),
        expectError('tampered-state', second, [-32602], `${String(tool.name)} with a tampered requestState`),
      ];
    }
    return tools.length === 0
      ? [notApplicable('tampered-state', 'no tool that looks like it asks for input')]
      : [
          notApplicable(
            'tampered-state',
            `none of ${tools.map((t) => t.name).join(', ')} returned input_required with a requestState`,
          ),
        ];
  },
};

export const STATELESS_SCENARIOS: readonly ServerScenario[] = [
  resultType,
  envelopeRequired,
  unsupportedVersion,
  cacheHints,
  tamperedState,
];

import type { JSONRPCMessage } from '@mcpkit/protocol';
import {
  brief,
  check,
  expectError,
  fail,
  notApplicable,
  pass,
  resultOf,
  type ServerScenario,
} from './scenario.js';
import type { JsonObject } from './wire.js';

// Error handling: what the server answers to requests no correct client sends.

function errorIn(messages: readonly JSONRPCMessage[]): { code: number; id: unknown } | undefined {
  for (const message of messages) {
    if ('error' in message && message.error) return { code: message.error.code, id: message.id };
  }
  return undefined;
}

const unknownMethod: ServerScenario = {
  id: 'error-unknown-method',
  description: 'an unknown method is -32601',
  async run({ session }) {
    const response = await session.call('mcpkit-conformance/no-such-method', {});
    return [expectError('unknown-method', response, [-32601], 'an unknown method')];
  },
};

const malformedJson: ServerScenario = {
  id: 'error-malformed-json',
  description: 'malformed JSON gets a -32700 parse error with a null id, and the server keeps serving',
  revisions: ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'],
  async run({ session }) {
    const answer = await session.wire.sendRaw('{"jsonrpc":"2.0","id":77,"method":"ping"');
    const error = errorIn(answer.messages);
    const checks = [];
    if (session.wire.kind === 'http') {
      checks.push(
        check(
          'http-status',
          answer.status === 400,
          `expected HTTP 400 for a malformed body, got ${answer.status}`,
        ),
      );
    }
    checks.push(
      error === undefined
        ? fail(
            'parse-error',
            `no JSON-RPC error came back for malformed JSON${answer.status ? ` (HTTP ${answer.status})` : ''}`,
          )
        : check(
            'parse-error',
            error.code === -32700 && error.id === null,
            `expected -32700 with id null, got ${error.code} with id ${brief(error.id)}`,
          ),
    );
    const after = await session.call('ping');
    checks.push(
      check(
        'still-serving',
        resultOf(after) !== undefined,
        `ping after malformed JSON failed: ${brief(after)}`,
      ),
    );
    return checks;
  },
};

const invalidRequest: ServerScenario = {
  id: 'error-invalid-request',
  description: 'a JSON-RPC object without a method is -32600',
  revisions: ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'],
  async run({ session }) {
    const answer = await session.wire.sendRaw('{"jsonrpc":"2.0","id":78,"params":{}}');
    const error = errorIn(answer.messages);
    if (error === undefined) {
      return [
        fail(
          'invalid-request',
          `no JSON-RPC error for a message without a method${answer.status ? ` (HTTP ${answer.status})` : ''}`,
        ),
      ];
    }
    return [check('invalid-request', error.code === -32600, `expected -32600, got ${error.code}`)];
  },
};

const wrongTypes: ServerScenario = {
  id: 'error-invalid-params',
  description: 'params of the wrong type (a numeric tool name, a numeric URI) are -32602',
  async run({ session, revision }) {
    // Over 2026-07-28 HTTP the Mcp-Name header cannot mirror a number, so -32020 is as right as -32602.
    const codes = revision === '2026-07-28' && session.wire.kind === 'http' ? [-32602, -32020] : [-32602];
    const checks = [];
    if (session.capabilities.tools !== undefined) {
      const response = await session.call('tools/call', {
        name: 42 as unknown as string,
        arguments: 'not-an-object',
      } as JsonObject);
      checks.push(
        expectError('tools-call-types', response, codes, 'tools/call with name 42 and string arguments'),
      );
    }
    if (session.capabilities.resources !== undefined) {
      const response = await session.call('resources/read', { uri: 42 } as JsonObject);
      checks.push(expectError('resources-read-types', response, codes, 'resources/read with uri 42'));
    }
    return checks.length > 0
      ? checks
      : [notApplicable('invalid-params', 'no tools or resources to send bad params to')];
  },
};

const cancellation: ServerScenario = {
  id: 'cancellation',
  description: 'notifications/cancelled for an in-flight or unknown request leaves the server serving',
  revisions: ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'],
  async run({ session }) {
    await session.wire.notify('notifications/cancelled', { requestId: 987654, reason: 'mcpkit-conformance' });
    const after = await session.call('ping');
    return [
      check(
        'serving-after-cancel',
        resultOf(after) !== undefined,
        `ping after a cancellation failed: ${brief(after)}`,
      ),
    ];
  },
};

const progress: ServerScenario = {
  id: 'progress',
  description: 'a tool that reports progress sends notifications/progress with the request token, increasing',
  async run({ session, revision }) {
    if (session.capabilities.tools === undefined) return [notApplicable('progress', 'no tools capability')];
    const listed = await session.call('tools/list', {});
    const tools = (resultOf(listed)?.tools as JsonObject[] | undefined) ?? [];
    const tool = tools.find((t) => /progress|long.?running/i.test(String(t.name)));
    if (tool === undefined) return [notApplicable('progress', 'no tool whose name mentions progress')];
    const token = `conformance-${revision}`;
    const before = session.wire.received.length;
    // Every numeric parameter (duration, steps, ...) set small, so a long-running demo tool ends quickly.
    const args: JsonObject = {};
    const properties = ((tool.inputSchema as JsonObject | undefined)?.properties ?? {}) as Record<
      string,
      JsonObject
    >;
    for (const [name, property] of Object.entries(properties)) {
      if (property.type === 'number' || property.type === 'integer') args[name] = name === 'steps' ? 3 : 1;
    }
    const response = await session.call(
      'tools/call',
      { name: tool.name as string, arguments: args, _meta: { progressToken: token } },
      { timeoutMs: 30_000 },
    );
    const updates = session.wire.received
      .slice(before)
      .map((r) => r.message)
      .filter((m) => 'method' in m && m.method === 'notifications/progress')
      .map((m) => (m as { params?: JsonObject }).params ?? {});
    if (resultOf(response) === undefined)
      return [fail('progress-call', `tools/call ${String(tool.name)} failed: ${brief(response)}`)];
    if (updates.length === 0)
      return [fail('progress', `${String(tool.name)} sent no notifications/progress for token ${token}`)];
    const tokens = updates.every((u) => u.progressToken === token);
    const values = updates.map((u) => Number(u.progress));
    const increasing = values.every((v, i) => i === 0 || v > (values[i - 1] ?? Number.NEGATIVE_INFINITY));
    return [
      pass('progress', `${updates.length} notifications`),
      check('progress-token', tokens, `a notification carried another token: ${brief(updates)}`),
      check('progress-increasing', increasing, `progress must increase: ${brief(values)}`),
    ];
  },
};

export const ERROR_SCENARIOS: readonly ServerScenario[] = [
  unknownMethod,
  malformedJson,
  invalidRequest,
  wrongTypes,
  cancellation,
  progress,
];

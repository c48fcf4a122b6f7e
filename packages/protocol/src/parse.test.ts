import { describe, expect, expectTypeOf, it } from 'vitest';
import { ErrorCode, PROTOCOL_VERSIONS } from './constants.js';
import { tasksExtensionMethodSchemas } from './extensions/tasks.js';
import { formatZodError } from './format-error.js';
import { methodSchemas, requestParamsSchemas, requestSchemas, resultSchemas } from './method-maps.js';
import {
  parseJSONRPCMessage,
  parseJSONRPCPayload,
  parseNotificationParams,
  parseRequestParams,
  parseResult,
} from './parse.js';

const meta2026 = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
  'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' },
};

describe('parseRequestParams', () => {
  it('returns typed params for a known method', () => {
    const parsed = parseRequestParams(
      'tools/call',
      { name: 'echo', arguments: { text: 'hi' } },
      '2025-11-25',
    );
    expect(parsed).toEqual({ success: true, data: { name: 'echo', arguments: { text: 'hi' } } });
    if (parsed.success) expectTypeOf(parsed.data.name).toEqualTypeOf<string>();
  });

  it('accepts omitted params where the revision allows it', () => {
    expect(parseRequestParams('tools/list', undefined, '2025-11-25').success).toBe(true);
    expect(parseRequestParams('ping', undefined, '2024-11-05').success).toBe(true);
    const missing = parseRequestParams('tools/list', undefined, '2026-07-28');
    expect(missing.success).toBe(false);
    if (!missing.success) expect(missing.error.message).toBe('params: expected object, received missing');
  });

  it('reports path, expected and received with code -32602', () => {
    const parsed = parseRequestParams(
      'tools/call',
      { name: 'x', _meta: { progressToken: true } },
      '2025-11-25',
    );
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.error).toEqual({
      code: ErrorCode.InvalidParams,
      path: ['params', '_meta', 'progressToken'],
      pathString: 'params._meta.progressToken',
      expected: 'string or integer',
      received: 'boolean true',
      message: 'params._meta.progressToken: expected string or integer, received boolean true',
    });
  });

  it('answers -32601 for a method the revision does not define', () => {
    const parsed = parseRequestParams('logging/setLevel', { level: 'info' }, '2026-07-28');
    expect(parsed.success).toBe(false);
    if (!parsed.success) {
      expect(parsed.error.code).toBe(ErrorCode.MethodNotFound);
      expect(parsed.error.message).toContain('2026-07-28');
    }
    expect(parseRequestParams('logging/setLevel', { level: 'info' }, '2025-11-25').success).toBe(true);
  });

  it('never resolves inherited object keys as methods', () => {
    for (const method of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const parsed = parseRequestParams(method, {});
      expect(parsed.success).toBe(false);
      if (!parsed.success) expect(parsed.error.code).toBe(ErrorCode.MethodNotFound);
    }
  });

  it('checks 2026-07-28 MRTR retries: inputResponses and requestState', () => {
    const params = {
      name: 'deploy',
      _meta: meta2026,
      inputResponses: { confirm: { action: 'accept', content: { ok: true } } },
      requestState: 'opaque',
    };
    expect(parseRequestParams('tools/call', params, '2026-07-28')).toEqual({ success: true, data: params });
  });

  it('without a version, accepts every revision', () => {
    expect(
      parseRequestParams('initialize', {
        protocolVersion: 'x',
        capabilities: {},
        clientInfo: { name: 'a', version: '1' },
      }).success,
    ).toBe(true);
    expect(parseRequestParams('server/discover', { _meta: meta2026 }).success).toBe(true);
  });
});

describe('parseResult and parseNotificationParams', () => {
  it('accepts an input_required result for tools/call in 2026-07-28 only', () => {
    const inputRequired = {
      resultType: 'input_required',
      inputRequests: {
        confirm: {
          method: 'elicitation/create',
          params: { mode: 'url', message: 'Log in', url: 'https://x' },
        },
      },
    };
    expect(parseResult('tools/call', inputRequired, '2026-07-28').success).toBe(true);
    expect(parseResult('tools/call', inputRequired, '2025-11-25').success).toBe(false);
  });

  it('accepts a task handle for tools/call in 2025-11-25', () => {
    const task = {
      task: { taskId: 't1', status: 'working', createdAt: 'now', lastUpdatedAt: 'now', ttl: null },
    };
    expect(parseResult('tools/call', task, '2025-11-25').success).toBe(true);
  });

  it('names the failing path under result', () => {
    const parsed = parseResult(
      'tools/list',
      { tools: [{ name: 1, inputSchema: { type: 'object' } }] },
      '2025-11-25',
    );
    expect(parsed.success).toBe(false);
    if (!parsed.success)
      expect(parsed.error.message).toBe('result.tools[0].name: expected string, received number 1');
  });

  it('validates notification params by method and revision', () => {
    expect(parseNotificationParams('notifications/cancelled', {}, '2025-11-25').success).toBe(true);
    expect(parseNotificationParams('notifications/cancelled', {}, '2026-07-28').success).toBe(false);
    expect(parseNotificationParams('notifications/roots/list_changed', undefined, '2026-07-28').success).toBe(
      false,
    );
    expect(parseNotificationParams('notifications/initialized', undefined, '2025-03-26').success).toBe(true);
  });
});

describe('parseJSONRPCMessage and parseJSONRPCPayload', () => {
  it('classifies each kind of message', () => {
    expect(parseJSONRPCMessage({ jsonrpc: '2.0', id: 1, method: 'ping' }).success).toBe(true);
    expect(parseJSONRPCMessage({ jsonrpc: '2.0', method: 'notifications/initialized' }).success).toBe(true);
    expect(parseJSONRPCMessage({ jsonrpc: '2.0', id: 1, result: {} }).success).toBe(true);
    expect(
      parseJSONRPCMessage({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'x' } }).success,
    ).toBe(true);
  });

  it('accepts batches only in 2025-03-26', () => {
    const batch = [{ jsonrpc: '2.0', id: 1, method: 'ping' }];
    expect(parseJSONRPCPayload(batch, '2025-03-26').success).toBe(true);
    const refused = parseJSONRPCPayload(batch, '2025-06-18');
    expect(refused.success).toBe(false);
    if (!refused.success) expect(refused.error.code).toBe(ErrorCode.InvalidRequest);
  });
});

describe('method maps', () => {
  it('covers every request method in the lenient maps', () => {
    expect(Object.keys(requestSchemas).sort()).toEqual(Object.keys(requestParamsSchemas).sort());
    expect(Object.keys(resultSchemas).sort()).toEqual(Object.keys(requestParamsSchemas).sort());
  });

  it('gives every revision a result schema for each of its requests', () => {
    for (const version of PROTOCOL_VERSIONS) {
      const revision = methodSchemas[version];
      expect(Object.keys(revision.results).sort(), version).toEqual(
        Object.keys(revision.requestParams).sort(),
      );
    }
  });

  it('defines the methods each revision added and removed', () => {
    expect('server/discover' in methodSchemas['2026-07-28'].requestParams).toBe(true);
    expect('initialize' in methodSchemas['2026-07-28'].requestParams).toBe(false);
    expect('elicitation/create' in methodSchemas['2025-03-26'].requestParams).toBe(false);
    expect('tasks/get' in methodSchemas['2025-11-25'].requestParams).toBe(true);
    expect('tasks/get' in methodSchemas['2025-06-18'].requestParams).toBe(false);
  });

  it('validates a typical tools/call quickly enough to run on every message', () => {
    const params = { name: 'echo', arguments: { text: 'hello', n: 3 }, _meta: meta2026 };
    const rounds = 5_000;
    const started = performance.now();
    for (let i = 0; i < rounds; i++) parseRequestParams('tools/call', params, '2026-07-28');
    const perCallMs = (performance.now() - started) / rounds;
    // Generous bound (a shared CI core does ~0.01 ms); it catches accidental quadratic work.
    expect(perCallMs).toBeLessThan(0.5);
  });
});

describe('errors point at the shape the value was meant to have', () => {
  it('blames the missing content of a plain tool result, not the absent task or resultType', () => {
    for (const version of ['2025-11-25', undefined] as const) {
      const parsed = parseResult('tools/call', { isError: true }, version);
      expect(parsed.success).toBe(false);
      if (!parsed.success)
        expect(parsed.error.message).toBe('result.content: expected array, received missing');
    }
  });

  it('blames the missing requestedSchema of a form elicitation without a mode', () => {
    const parsed = parseRequestParams('elicitation/create', { message: 'Name?' }, '2025-11-25');
    expect(parsed.success).toBe(false);
    if (!parsed.success) {
      expect(parsed.error.message).toBe('params.requestedSchema: expected object, received missing');
    }
  });

  it('blames the cache hints of a 2026-07-28 complete result, not its resultType', () => {
    const parsed = parseResult('resources/read', { resultType: 'complete', contents: [] }, '2026-07-28');
    expect(parsed.success).toBe(false);
    if (!parsed.success)
      expect(parsed.error.message).toBe('result.ttlMs: expected integer, received missing');
  });
});

describe('tasks extension (2026-07-28)', () => {
  const task = {
    taskId: '786512e2',
    status: 'working',
    createdAt: '2025-11-25T10:30:00Z',
    lastUpdatedAt: '2025-11-25T10:40:00Z',
    ttlMs: 60000,
    pollIntervalMs: 5000,
  };

  it('accepts a flat task handle answering tools/call', () => {
    expect(parseResult('tools/call', { resultType: 'task', ...task }, '2026-07-28').success).toBe(true);
    expect(parseResult('tools/call', { resultType: 'task', ...task })).toEqual({
      success: true,
      data: { resultType: 'task', ...task },
    });
  });

  it('checks tasks/get results by status', () => {
    const schema = tasksExtensionMethodSchemas.results['tasks/get'];
    const completed = { resultType: 'complete', ...task, status: 'completed', result: { content: [] } };
    expect(schema.parse(completed)).toEqual(completed);
    const waiting = { resultType: 'complete', ...task, status: 'input_required' };
    const refused = schema.safeParse(waiting);
    expect(refused.success).toBe(false);
    if (!refused.success)
      expect(formatZodError(refused.error, waiting)).toBe('inputRequests: expected object, received missing');
  });

  it('checks tasks/update params', () => {
    const params = tasksExtensionMethodSchemas.requestParams['tasks/update'];
    expect(params.safeParse({ taskId: 't', inputResponses: { confirm: { action: 'accept' } } }).success).toBe(
      true,
    );
    expect(params.safeParse({ taskId: 't' }).success).toBe(false);
  });
});

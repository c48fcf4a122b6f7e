import { describe, expect, it } from 'vitest';
import { decodeMessage, decodeMessageItems, encodeMessage, validateMessage } from './codec.js';
import { JsonRpcError } from './errors.js';

function decodeFailure(text: string, maxDepth?: number): JsonRpcError {
  try {
    decodeMessage(text, maxDepth === undefined ? undefined : { maxDepth });
  } catch (error) {
    expect(error).toBeInstanceOf(JsonRpcError);
    return error as JsonRpcError;
  }
  throw new Error(`expected decodeMessage to reject ${text}`);
}

describe('encodeMessage / decodeMessage', () => {
  it('round-trips requests, notifications, results and errors', () => {
    const messages = [
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hé😀' } } },
      { jsonrpc: '2.0', id: 'abc', method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', method: 'legacy/positional', params: [1, 2] },
      { jsonrpc: '2.0', id: 7, result: {} },
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error', data: { at: 3 } } },
    ] as const;
    for (const message of messages) {
      expect(decodeMessage(encodeMessage(message as never))).toEqual(message);
    }
  });

  it('decodes a batch into an array, in order', () => {
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'a' },
      { jsonrpc: '2.0', method: 'b' },
    ];
    expect(decodeMessage(JSON.stringify(batch))).toEqual(batch);
  });

  it('keeps unknown members (lenient structure, strict essentials)', () => {
    expect(decodeMessage('{"jsonrpc":"2.0","method":"x","extra":true}')).toEqual({
      jsonrpc: '2.0',
      method: 'x',
      extra: true,
    });
  });

  it('reports malformed JSON as -32700 with id null and the parser position', () => {
    const error = decodeFailure('{"jsonrpc":"2.0", "id": 1,');
    expect(error.code).toBe(-32700);
    expect(error.message).toMatch(/^Parse error: /);
    expect(error.message).toMatch(/position|end of JSON|Unexpected/);
    expect(error.response).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: error.message },
    });
  });

  it.each([
    ['{"jsonrpc":"1.0","id":1,"method":"x"}', 1, '$.jsonrpc: expected "2.0", got string "1.0"'],
    ['{"id":1,"method":"x"}', 1, '$.jsonrpc: expected "2.0", got missing'],
    [
      '{"jsonrpc":"2.0","id":{"a":1},"method":"x"}',
      null,
      '$.id: expected a string or a safe integer, got object',
    ],
    [
      '{"jsonrpc":"2.0","id":1.5,"method":"x"}',
      null,
      '$.id: expected a string or a safe integer, got number 1.5',
    ],
    [
      '{"jsonrpc":"2.0","id":9007199254740993,"method":"x"}',
      null,
      '$.id: expected a string or a safe integer, got number 9007199254740992',
    ],
    ['{"jsonrpc":"2.0","id":null,"method":"x"}', null, '$.id: expected a string or a safe integer, got null'],
    ['{"jsonrpc":"2.0","id":3,"method":42}', 3, '$.method: expected a string, got number 42'],
    [
      '{"jsonrpc":"2.0","id":"q","method":"x","params":"no"}',
      'q',
      '$.params: expected an object or an array',
    ],
    ['{"jsonrpc":"2.0","id":4,"params":{}}', 4, '$: expected "method" (request or notification)'],
    ['{"jsonrpc":"2.0","id":5,"result":1}', 5, '$.result: expected an object, got number 1'],
    ['{"jsonrpc":"2.0","id":5,"result":{},"error":{"code":1,"message":"m"}}', 5, 'both "result" and "error"'],
    ['{"jsonrpc":"2.0","result":{}}', null, '$.id: expected a string or a safe integer, got missing'],
    ['{"jsonrpc":"2.0","id":6,"error":{"code":"x","message":"m"}}', 6, '$.error.code: expected an integer'],
    ['{"jsonrpc":"2.0","id":6,"error":{"code":1}}', 6, '$.error.message: expected a string'],
    ['"just a string"', null, '$: expected a JSON-RPC message object, got string "just a string"'],
    ['[]', null, 'a batch must not be empty'],
    [
      '[{"jsonrpc":"2.0","method":"ok"},{"jsonrpc":"2.0","id":8,"method":7}]',
      8,
      '$[1].method: expected a string',
    ],
  ])('rejects %s as -32600 saying what and where', (text, id, fragment) => {
    const error = decodeFailure(text);
    expect(error.code).toBe(-32600);
    expect(error.message).toContain(fragment);
    expect(error.response?.id).toBe(id);
    expect(error.response?.error).toEqual({ code: -32600, message: error.message });
  });

  it('limits nesting depth (default 64) with a clear error, ignoring brackets inside strings', () => {
    const nested = (depth: number) =>
      `{"jsonrpc":"2.0","method":"x","params":{"v":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
    // The message object and params take two levels.
    expect(() => decodeMessage(nested(62))).not.toThrow();
    const error = decodeFailure(nested(63));
    expect(error.code).toBe(-32600);
    expect(error.message).toContain('nesting deeper than the limit of 64 levels (at character');
    expect(decodeFailure(nested(10), 5).message).toContain('limit of 5 levels');
    const bracketsInString = `{"jsonrpc":"2.0","method":"x","params":{"s":"${'[{'.repeat(500)}\\"${'['.repeat(100)}"}}`;
    expect(decodeMessage(bracketsInString)).toMatchObject({ method: 'x' });
    expect(decodeFailure(`${'['.repeat(100_000)}`).code).toBe(-32600);
  });

  it('rejects non-string input as a parse error', () => {
    expect(decodeFailure(42 as unknown as string).code).toBe(-32700);
  });

  it('validateMessage checks already-parsed values', () => {
    expect(validateMessage({ jsonrpc: '2.0', method: 'x' })).toEqual({ jsonrpc: '2.0', method: 'x' });
    expect(() => validateMessage({ jsonrpc: '2.0' })).toThrow(JsonRpcError);
  });

  it('encodeMessage turns unserialisable values into a -32603 JsonRpcError', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => encodeMessage({ jsonrpc: '2.0', method: 'x', params: cyclic })).toThrow(/Cannot encode/);
    expect(() => encodeMessage({ jsonrpc: '2.0', method: 'x', params: { n: 1n } })).toThrow(JsonRpcError);
  });

  it('decodeMessageItems keeps the valid elements of a batch beside per-element errors', () => {
    const decoded = decodeMessageItems(
      '[{"jsonrpc":"2.0","id":1,"method":"a"},{"jsonrpc":"2.0","id":2,"method":3},{"jsonrpc":"2.0","method":"n"}]',
    );
    expect(decoded.isBatch).toBe(true);
    expect(decoded.items[0]).toEqual({ jsonrpc: '2.0', id: 1, method: 'a' });
    expect(decoded.items[1]).toBeInstanceOf(JsonRpcError);
    expect((decoded.items[1] as JsonRpcError).response).toEqual({
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32600, message: 'Invalid request at $[1].method: expected a string, got number 3' },
    });
    expect(decoded.items[2]).toEqual({ jsonrpc: '2.0', method: 'n' });
    const single = decodeMessageItems('{"jsonrpc":"2.0","id":"x"}');
    expect(single.isBatch).toBe(false);
    expect((single.items[0] as JsonRpcError).response?.id).toBe('x');
    expect(() => decodeMessageItems('[]')).toThrow('a batch must not be empty');
    expect(() => decodeMessageItems('{oops')).toThrow(/^Parse error/);
  });
});

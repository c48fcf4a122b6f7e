import { describe, expect, it } from 'vitest';
import { peekRequestId } from './peek-id.js';

describe('peekRequestId', () => {
  it('finds a top-level id, number or string, from the first bytes of a message', () => {
    expect(peekRequestId('{"jsonrpc":"2.0","id":42,"method":"tools/call","params":{"pad":"xxxx')).toBe(42);
    expect(peekRequestId('{ "id" : "req-\\"7\\"" , "method":"x"')).toBe('req-"7"');
  });

  it('ignores ids nested in params, string values that read "id", and cut-off values', () => {
    expect(peekRequestId('{"params":{"id":5,"x":"y"},"method":"m","id":9,')).toBe(9);
    expect(peekRequestId('{"params":{"id":5,"x":"y')).toBeNull();
    expect(peekRequestId('{"method":"id","id":3}')).toBe(3);
    expect(peekRequestId('{"jsonrpc":"2.0","id":12')).toBeNull();
    expect(peekRequestId('{"id":1.5,')).toBeNull();
    expect(peekRequestId('{"id":null,')).toBeNull();
    expect(peekRequestId('[{"id":1}]')).toBeNull();
    expect(peekRequestId('not json')).toBeNull();
  });

  it('skips brackets and escaped quotes inside strings, and reads nothing past a cut-off string', () => {
    expect(peekRequestId('{"a":"{[\\"","id":7,')).toBe(7);
    expect(peekRequestId('{"a":"x}{\\"id\\":5,')).toBeNull();
    expect(peekRequestId('{"a":"x\\\\","id":"k"}')).toBe('k');
  });
});

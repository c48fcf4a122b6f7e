import { describe, expect, it } from 'vitest';
import { JsonRpcError, McpkitError, McpkitErrorCode, toErrorResponse, toJsonRpcError } from './errors.js';

describe('JsonRpcError', () => {
  it('carries code, message, data and cause, and converts to and from the wire object', () => {
    const cause = new Error('root');
    const error = new JsonRpcError(-32602, 'Invalid params: x', { field: 'x' }, { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('JsonRpcError');
    expect(error.cause).toBe(cause);
    expect(error.toErrorObject()).toEqual({
      code: -32602,
      message: 'Invalid params: x',
      data: { field: 'x' },
    });
    expect(new JsonRpcError(1, 'no data').toErrorObject()).toEqual({ code: 1, message: 'no data' });
    const back = JsonRpcError.fromErrorObject({ code: -32001, message: 'm', data: [1] });
    expect(back).toMatchObject({ code: -32001, message: 'm', data: [1] });
  });

  it('fromErrorObject tolerates a malformed object', () => {
    expect(JsonRpcError.fromErrorObject({} as never)).toMatchObject({
      code: -32603,
      message: 'Unknown error (no message given)',
    });
    expect(JsonRpcError.fromErrorObject(null as never).code).toBe(-32603);
  });

  it('has factories for the standard codes', () => {
    expect(JsonRpcError.methodNotFound('a/b').toErrorObject()).toEqual({
      code: -32601,
      message: "Method not found: 'a/b'",
      data: { method: 'a/b' },
    });
    expect(JsonRpcError.invalidParams('bad').code).toBe(-32602);
    expect(JsonRpcError.invalidRequest('bad').code).toBe(-32600);
    expect(JsonRpcError.parseError('bad').code).toBe(-32700);
    expect(JsonRpcError.internalError('bad').code).toBe(-32603);
  });
});

describe('McpkitError', () => {
  it('has a stable string code from the one table', () => {
    const error = new McpkitError(McpkitErrorCode.RequestTimeout, 'late', { data: { id: 1 } });
    expect(error).toMatchObject({
      name: 'McpkitError',
      code: 'REQUEST_TIMEOUT',
      message: 'late',
      data: { id: 1 },
    });
    expect(Object.values(McpkitErrorCode)).toEqual(
      expect.arrayContaining(['CONNECTION_CLOSED', 'REQUEST_TIMEOUT', 'REQUEST_CANCELLED', 'NOT_CONNECTED']),
    );
    expect(new Set(Object.values(McpkitErrorCode)).size).toBe(Object.values(McpkitErrorCode).length);
  });
});

describe('toJsonRpcError', () => {
  it('keeps a JsonRpcError as is', () => {
    const error = new JsonRpcError(-32002, 'Resource not found');
    expect(toJsonRpcError(error)).toBe(error);
  });

  it('maps anything else to -32603 with its message and keeps the cause', () => {
    const plain = new TypeError('x is not a function');
    expect(toJsonRpcError(plain)).toMatchObject({
      code: -32603,
      message: 'x is not a function',
      cause: plain,
    });
    const local = new McpkitError('REQUEST_TIMEOUT', 'timed out');
    expect(toJsonRpcError(local)).toMatchObject({ code: -32603, message: 'timed out', cause: local });
    expect(toJsonRpcError('just text')).toMatchObject({ code: -32603, message: 'just text' });
    expect(toJsonRpcError(undefined).message).toBe('Internal error');
    expect(toJsonRpcError(42).message).toBe('Internal error: 42');
    expect(toJsonRpcError(Object.create(null)).message).toBe(
      'Internal error (thrown value could not be converted to a string)',
    );
  });

  it('toErrorResponse builds the whole response', () => {
    expect(toErrorResponse(7, new Error('nope'))).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32603, message: 'nope' },
    });
    expect(toErrorResponse(null, new JsonRpcError(-32600, 'bad', { at: '$' }))).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'bad', data: { at: '$' } },
    });
  });
});

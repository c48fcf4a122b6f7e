import { describe, expect, it } from 'vitest';
import { type HeaderParameter, headerParameterMismatch, standardHeaders } from './header-parameters.js';

// The rules quoted are from the 2026-07-28 basic/transports/streamable-http.mdx.

const request = (method: string, params: Record<string, unknown>) => ({
  jsonrpc: '2.0' as const,
  id: 1,
  method,
  params,
});

describe('standardHeaders: Mcp-Name', () => {
  it('mirrors params.name or params.uri as is when it is plain ASCII (the spec examples)', () => {
    expect(standardHeaders(request('tools/call', { name: 'get_weather' }))).toEqual({
      'Mcp-Method': 'tools/call',
      'Mcp-Name': 'get_weather',
    });
    expect(standardHeaders(request('resources/read', { uri: 'file:///projects/myapp/config.json' }))).toEqual(
      {
        'Mcp-Method': 'resources/read',
        'Mcp-Name': 'file:///projects/myapp/config.json',
      },
    );
  });

  // "If the `Mcp-Name` source value cannot be safely represented as a plain ASCII header value,
  // clients **MUST** encode it using the Base64 sentinel format described in Value Encoding."
  // "The same encoding rule applies to the `Mcp-Name` header value. [...] a name (or resource URI)
  // outside the safe set is carried as: `Mcp-Name: =?base64?{Base64EncodedValue}?=`"
  it.each([
    ['resources/read', { uri: 'file:///srv/café.txt' }, '=?base64?ZmlsZTovLy9zcnYvY2Fmw6kudHh0?='],
    ['prompts/get', { name: 'Hello, 世界' }, '=?base64?SGVsbG8sIOS4lueVjA==?='],
    ['tools/call', { name: ' padded ' }, '=?base64?IHBhZGRlZCA=?='],
    ['tools/call', { name: 'line1\nline2' }, '=?base64?bGluZTEKbGluZTI=?='],
    // "clients **MUST** also Base64-encode any plain-ASCII value that matches the sentinel pattern"
    ['prompts/get', { name: '=?base64?literal?=' }, '=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?='],
    ['tasks/get', { taskId: 'tâche-1' }, '=?base64?dMOiY2hlLTE=?='],
  ])('%s %j -> Mcp-Name %s', (method, params, encoded) => {
    expect(standardHeaders(request(method, params))?.['Mcp-Name']).toBe(encoded);
  });
});

describe('headerParameterMismatch', () => {
  const count: HeaderParameter[] = [{ name: 'Count', path: ['count'] }];
  const check = (value: unknown, header: string | undefined) =>
    headerParameterMismatch(count, { count: value }, header === undefined ? {} : { count: header });

  // "When validating integer parameter values, servers **SHOULD** compare the header value and the
  // body value numerically rather than as strings (e.g., `42.0` and `42` are considered equal)."
  it.each(['42', '42.0', '42.000', '4.2e1', '4.2E+1', '420e-1', '0.42e2'])(
    'a body number 42 equals the header %s',
    (header) => {
      expect(check(42, header)).toBeUndefined();
    },
  );

  it('compares negative numbers, zero and the largest safe integers by value', () => {
    expect(check(-7, '-7.0')).toBeUndefined();
    expect(check(0, '-0')).toBeUndefined();
    expect(check(0, '0.000e5')).toBeUndefined();
    expect(check(2 ** 53 - 1, '9007199254740991')).toBeUndefined();
    expect(check(2 ** 53 - 1, '9007199254740990')).toBe(
      'Mcp-Param-Count is "9007199254740990" but arguments.count is 9007199254740991',
    );
  });

  it('refuses a different number', () => {
    expect(check(42, '42.5')).toBe('Mcp-Param-Count is "42.5" but arguments.count is 42');
    expect(check(42, '-42')).toBe('Mcp-Param-Count is "-42" but arguments.count is 42');
    expect(check(42, '4.2e2')).toBe('Mcp-Param-Count is "4.2e2" but arguments.count is 42');
  });

  it.each(['forty-two', '', '042', '+42', '42.', '.5', '0x2A', '4_2', 'Infinity', 'NaN', ' 42', '42e'])(
    'refuses the header %j for a number: not a JSON number',
    (header) => {
      expect(check(42, header)).toBe(
        `Mcp-Param-Count is ${JSON.stringify(header)} but arguments.count is 42 (a number): expected a JSON number`,
      );
    },
  );

  it('still compares strings and booleans as exact text', () => {
    expect(check('42', '42.0')).toBe('Mcp-Param-Count is "42.0" but arguments.count is "42"');
    expect(check('42', '42')).toBeUndefined();
    expect(check(true, 'true')).toBeUndefined();
    expect(check(true, 'True')).toBe('Mcp-Param-Count is "True" but arguments.count is "true"');
  });

  // "| Client omits header but value is in body | Non-conforming client | Server MUST reject the request |"
  it('requires the header for a number in the body', () => {
    expect(check(42, undefined)).toBe('Mcp-Param-Count is missing; arguments.count is 42');
  });

  // "Integer values **MUST** be within the safe range for JavaScript (−2^53+1 to 2^53−1)", and "Any
  // server that processes the message body **MUST** validate that encoded header values [...] match
  // the corresponding values in the request body": beyond the range neither holds, so refuse.
  it.each([undefined, '5', '1152921504606846976'])(
    'refuses an integer outside the safe range in the body (header %j)',
    (header) => {
      expect(check(2 ** 60, header)).toBe(
        'Mcp-Param-Count cannot mirror arguments.count = 1152921504606847000, beyond the safe integers (±(2^53-1))',
      );
    },
  );

  // "| Parameter value is `null` | Client MUST omit the header | Server MUST NOT expect the header |"
  it('expects no header for a null or absent value', () => {
    expect(check(null, undefined)).toBeUndefined();
    expect(headerParameterMismatch(count, {}, {})).toBeUndefined();
  });
});

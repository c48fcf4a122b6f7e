import type { Tool } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { encodeHeaderValue, McpHeaderRegistry, readHeaderParameters } from './mcp-headers.js';

const tool = (properties: Record<string, unknown>, name = 't'): Tool => ({
  name,
  inputSchema: { type: 'object', properties: properties as never },
});

describe('encodeHeaderValue (SEP-2243 value encoding table)', () => {
  it.each([
    ['us-west1', 'us-west1'],
    [' us-west1', '=?base64?IHVzLXdlc3Qx?='],
    ['us-west1 ', '=?base64?dXMtd2VzdDEg?='],
    [' us-west1 ', '=?base64?IHVzLXdlc3QxIA==?='],
    ['us west 1', 'us west 1'],
    [true, 'true'],
    [false, 'false'],
    [42, '42'],
    [2.71, '2.71'],
    ['日本語', '=?base64?5pel5pys6Kqe?='],
    ['Hello, 世界', '=?base64?SGVsbG8sIOS4lueVjA==?='],
    ['line1\nline2', '=?base64?bGluZTEKbGluZTI=?='],
    ['line1\r\nline2', '=?base64?bGluZTENCmxpbmUy?='],
    ['\tindented', '=?base64?CWluZGVudGVk?='],
    ['=?base64?literal?=', '=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?='],
    ['', ''],
  ])('%j -> %j', (value, expected) => {
    expect(encodeHeaderValue(value)).toBe(expected);
  });

  it('omits null, missing, structured and unsafe-integer values', () => {
    expect(encodeHeaderValue(null)).toBeUndefined();
    expect(encodeHeaderValue(undefined)).toBeUndefined();
    expect(encodeHeaderValue({ a: 1 })).toBeUndefined();
    expect(encodeHeaderValue(2 ** 60)).toBeUndefined();
  });
});

describe('readHeaderParameters', () => {
  it('collects annotations at any depth', () => {
    const read = readHeaderParameters(
      tool({
        region: { type: 'string', 'x-mcp-header': 'Region' },
        level: { type: 'integer' },
        target: { type: 'object', properties: { zone: { type: 'boolean', 'x-mcp-header': 'Zone' } } },
      }),
    );
    expect(read).toEqual({
      parameters: [
        { name: 'Region', path: ['region'] },
        { name: 'Zone', path: ['target', 'zone'] },
      ],
    });
  });

  it.each([
    ['empty name', { a: { type: 'string', 'x-mcp-header': '' } }, /non-empty/],
    ['space', { a: { type: 'string', 'x-mcp-header': 'My Region' } }, /not a valid HTTP header name/],
    ['colon', { a: { type: 'string', 'x-mcp-header': 'Region:Primary' } }, /not a valid/],
    ['non-ASCII', { a: { type: 'string', 'x-mcp-header': 'Région' } }, /not a valid/],
    ['tab', { a: { type: 'string', 'x-mcp-header': 'Region\t1' } }, /not a valid/],
    [
      'duplicate ignoring case',
      { a: { type: 'string', 'x-mcp-header': 'Region' }, b: { type: 'string', 'x-mcp-header': 'REGION' } },
      /used twice/,
    ],
    ['number type', { a: { type: 'number', 'x-mcp-header': 'N' } }, /string, integer or boolean/],
    ['array type', { a: { type: 'array', 'x-mcp-header': 'N' } }, /string, integer or boolean/],
    ['object type', { a: { type: 'object', 'x-mcp-header': 'N' } }, /string, integer or boolean/],
  ])('rejects %s', (_case, properties, reason) => {
    const read = readHeaderParameters(tool(properties));
    expect('invalid' in read && read.invalid).toMatch(reason);
  });

  it('allows a name that matches a standard header', () => {
    expect(readHeaderParameters(tool({ m: { type: 'string', 'x-mcp-header': 'Method' } }))).toEqual({
      parameters: [{ name: 'Method', path: ['m'] }],
    });
  });
});

describe('McpHeaderRegistry', () => {
  it('drops invalid tools, keeps the rest, and builds standard and parameter headers', () => {
    const registry = new McpHeaderRegistry();
    const rejected: string[] = [];
    const kept = registry.admit(
      [
        tool(
          { region: { type: 'string', 'x-mcp-header': 'Region' }, level: { type: 'integer' } },
          'test_x_mcp_header',
        ),
        tool({ bad: { type: 'string', 'x-mcp-header': 'a b' } }, 'broken'),
        tool({}, 'plain'),
      ],
      (t, reason) => void rejected.push(`${t.name}: ${reason}`),
    );
    expect(kept.map((t) => t.name)).toEqual(['test_x_mcp_header', 'plain']);
    expect(rejected).toEqual([expect.stringMatching(/^broken: property 'bad'/)]);

    const call = (args: Record<string, unknown>) =>
      registry.headersFor({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'test_x_mcp_header', arguments: args },
      });
    expect(call({ region: 'us-west1', level: 3 })).toEqual({
      'Mcp-Method': 'tools/call',
      'Mcp-Name': 'test_x_mcp_header',
      'Mcp-Param-Region': 'us-west1',
    });
    expect(call({ region: null })).toEqual({ 'Mcp-Method': 'tools/call', 'Mcp-Name': 'test_x_mcp_header' });
    expect(
      registry.headersFor({ jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'test://a' } }),
    ).toEqual({ 'Mcp-Method': 'resources/read', 'Mcp-Name': 'test://a' });
    expect(
      registry.headersFor({ jsonrpc: '2.0', id: 3, method: 'prompts/get', params: { name: 'p' } }),
    ).toEqual({
      'Mcp-Method': 'prompts/get',
      'Mcp-Name': 'p',
    });
    // streamable-http.mdx: "If the `Mcp-Name` source value cannot be safely represented as a plain
    // ASCII header value, clients **MUST** encode it using the Base64 sentinel format".
    expect(
      registry.headersFor({
        jsonrpc: '2.0',
        id: 5,
        method: 'resources/read',
        params: { uri: 'file:///srv/caf\u00e9.txt' },
      }),
    ).toEqual({ 'Mcp-Method': 'resources/read', 'Mcp-Name': '=?base64?ZmlsZTovLy9zcnYvY2Fmw6kudHh0?=' });
    expect(registry.headersFor({ jsonrpc: '2.0', method: 'notifications/cancelled', params: {} })).toEqual({
      'Mcp-Method': 'notifications/cancelled',
    });
    expect(registry.headersFor({ jsonrpc: '2.0', id: 4, result: {} })).toBeUndefined();
  });
});

import type { JsonRpcError } from '@mcpkit/jsonrpc';
import { describe, expect, it } from 'vitest';
import { McpServer } from '../server.js';
import { useBuiltInJsonSchemaValidator } from '../test-helpers/json-schema.js';
import type { RequestContext } from './request-context.js';

useBuiltInJsonSchemaValidator();

// SEP-2243: tool arguments annotated with x-mcp-header are checked against the decoded
// Mcp-Param-* headers an HTTP transport hands over in `extra.mcpParams`.

const REGION_TOOL = {
  type: 'object',
  properties: {
    region: { type: 'string', 'x-mcp-header': 'Region' },
    nested: { type: 'object', properties: { debug: { type: 'boolean', 'x-mcp-header': 'Debug' } } },
    level: { type: 'integer' },
  },
  required: ['region'],
} as const;

function context(mcpParams?: Record<string, string>): RequestContext {
  const ctx: RequestContext = {
    protocolVersion: '2026-07-28',
    clientCapabilities: {},
    signal: new AbortController().signal,
    sendNotification: async () => {},
    requestInput: async () => ({}),
  };
  // What transport-http-server's HttpMessageExtra carries on a 2026-07-28 POST.
  if (mcpParams !== undefined) Object.assign(ctx, { extra: { mcpParams } });
  return ctx;
}

function server(): McpServer {
  const s = new McpServer({ name: 't', version: '1' }, { protocolVersions: ['2026-07-28'] });
  s.tool(
    'regional',
    { inputSchema: REGION_TOOL },
    (args) => `ran in ${String((args as { region: string }).region)}`,
  );
  return s;
}

const call = (args: Record<string, unknown>) => ({
  method: 'tools/call',
  params: { name: 'regional', arguments: args },
});

describe('x-mcp-header parameters', () => {
  it('runs the tool when every annotated argument is mirrored exactly', async () => {
    const outcome = await server().handle(
      call({ region: 'eu-west', nested: { debug: true } }),
      context({ region: 'eu-west', debug: 'true' }),
    );
    expect(outcome.type).toBe('result');
  });

  it('refuses a missing header for an argument in the body with -32020 naming the header', async () => {
    const outcome = await server().handle(call({ region: 'eu-west' }), context({}));
    expect(outcome.type).toBe('error');
    const error = (outcome as { error: JsonRpcError }).error;
    expect(error.code).toBe(-32020);
    expect(error.message).toBe(
      `Header mismatch for tool 'regional': Mcp-Param-Region is missing; arguments.region is "eu-west"`,
    );
  });

  it('refuses a header whose value differs from the body', async () => {
    const outcome = await server().handle(
      call({ region: 'eu-west', nested: { debug: false } }),
      context({ region: 'eu-west', debug: 'true' }),
    );
    expect((outcome as { error: JsonRpcError }).error.message).toContain(
      'Mcp-Param-Debug is "true" but arguments.nested.debug is "false"',
    );
  });

  it('does not expect a header for an absent argument, and checks nothing without HTTP headers (stdio)', async () => {
    expect((await server().handle(call({ region: 'x' }), context({ region: 'x' }))).type).toBe('result');
    expect((await server().handle(call({ region: 'x' }), context())).type).toBe('result');
  });

  // streamable-http.mdx, "Server Validation": "When validating integer parameter values, servers
  // **SHOULD** compare the header value and the body value numerically rather than as strings (e.g.,
  // `42.0` and `42` are considered equal)."
  it('compares an integer argument numerically with its header', async () => {
    const s = new McpServer({ name: 't', version: '1' }, { protocolVersions: ['2026-07-28'] });
    s.tool(
      'paged',
      { inputSchema: { type: 'object', properties: { page: { type: 'integer', 'x-mcp-header': 'Page' } } } },
      (args) => `page ${String((args as { page: number }).page)}`,
    );
    const page = (header: string) =>
      s.handle(
        { method: 'tools/call', params: { name: 'paged', arguments: { page: 42 } } },
        context({ page: header }),
      );
    for (const header of ['42', '42.0', '4.2e1']) expect((await page(header)).type).toBe('result');
    const differs = await page('41.9');
    expect((differs as { error: JsonRpcError }).error).toMatchObject({
      code: -32020,
      message: `Header mismatch for tool 'paged': Mcp-Param-Page is "41.9" but arguments.page is 42`,
    });
    const text = await page('page 42');
    expect((text as { error: JsonRpcError }).error).toMatchObject({
      code: -32020,
      message: `Header mismatch for tool 'paged': Mcp-Param-Page is "page 42" but arguments.page is 42 (a number): expected a JSON number`,
    });
  });

  it('refuses a tool whose annotation breaks the rules at registration, naming tool and property', () => {
    const s = new McpServer({ name: 't', version: '1' });
    expect(() =>
      s.tool(
        'bad',
        {
          inputSchema: { type: 'object', properties: { ratio: { type: 'number', 'x-mcp-header': 'Ratio' } } },
        },
        () => '',
      ),
    ).toThrow(
      `Invalid x-mcp-header annotation in tool 'bad' inputSchema: property 'ratio': x-mcp-header needs a string, integer or boolean property (type is "number")`,
    );
    expect(() =>
      s.tool(
        'dup',
        {
          inputSchema: {
            type: 'object',
            properties: {
              a: { type: 'string', 'x-mcp-header': 'Zone' },
              b: { type: 'string', 'x-mcp-header': 'zone' },
            },
          },
        },
        () => '',
      ),
    ).toThrow(/is used twice \(names are case-insensitive\)/);
    expect(() =>
      s.tool(
        'deep',
        {
          inputSchema: {
            type: 'object',
            properties: { list: { type: 'array', items: { type: 'string', 'x-mcp-header': 'Item' } } },
          },
        },
        () => '',
      ),
    ).toThrow(/x-mcp-header at 'properties.list.items' is not reachable through properties alone/);
  });
});

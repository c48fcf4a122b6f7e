import { describe, expect, expectTypeOf, it } from 'vitest';
import type * as z from 'zod';
import type {
  JSONRPCErrorResponse,
  JSONRPCMessage,
  JSONRPCNotification,
  JSONRPCRequest,
} from './jsonrpc-types.js';
import { v2024_11_05, v2025_03_26, v2025_06_18, v2025_11_25, v2026_07_28 } from './revisions/index.js';
import {
  CallToolRequestParamsSchema,
  CallToolResultSchema,
  ClientCapabilitiesSchema,
  ContentBlockSchema,
  InitializeRequestSchema,
  JSONRPCBatchRequestSchema,
  JSONRPCErrorResponseSchema,
  JSONRPCMessageSchema,
  JSONRPCNotificationSchema,
  type JSONRPCRequestSchema,
  ListToolsResultSchema,
  ServerCapabilitiesSchema,
  ToolSchema,
} from './schemas/index.js';

describe('lenient parsing keeps unknown fields', () => {
  it('preserves extra fields and _meta at every level of a tool result', () => {
    const result = {
      content: [
        {
          type: 'text',
          text: 'hi',
          annotations: { priority: 1, custom: 'x' },
          _meta: { 'com.example/a': 1 },
        },
        { type: 'resource_link', uri: 'file:///a', name: 'a', futureField: [1, 2] },
      ],
      structuredContent: { temperature: 21 },
      _meta: {
        'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' },
        'com.example/trace': 'abc',
      },
      vendorExtension: { nested: true },
    };
    expect(CallToolResultSchema.parse(result)).toEqual(result);
  });

  it('preserves unknown capability keys (experimental, extensions, future capabilities)', () => {
    const capabilities = {
      tools: { listChanged: true, somethingNew: 1 },
      experimental: { 'com.example/x': { a: 1 } },
      extensions: { 'io.modelcontextprotocol/tasks': { version: 1 } },
      futureCapability: {},
    };
    expect(ServerCapabilitiesSchema.parse(capabilities)).toEqual(capabilities);
    expect(ClientCapabilitiesSchema.parse({ sampling: { tools: {} }, roots: {}, x: 1 })).toEqual({
      sampling: { tools: {} },
      roots: {},
      x: 1,
    });
  });

  it('preserves request _meta keys of other vendors next to the protocol ones', () => {
    const params = {
      name: 'weather',
      arguments: { city: 'Paris' },
      _meta: { progressToken: 7, traceparent: '00-abc-def-01', 'com.example/tenant': 't1' },
    };
    expect(CallToolRequestParamsSchema.parse(params)).toEqual(params);
  });
});

describe('JSON Schema in tools is kept verbatim', () => {
  const inputSchema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'urn:example:input',
    type: 'object',
    $defs: { point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }] } },
    properties: {
      where: { $ref: '#/$defs/point' },
      anything: true,
      tags: { type: 'array', items: { type: 'string' }, unevaluatedItems: false },
    },
    required: ['where'],
    dependentSchemas: { tags: { required: ['where'] } },
    unevaluatedProperties: false,
    'x-vendor-keyword': { keep: 'me' },
  };
  const outputSchema = { type: 'array', items: { $dynamicRef: '#item' } };

  it('returns the very same objects, keys and key order', () => {
    const tool = ToolSchema.parse({ name: 't', inputSchema, outputSchema });
    expect(tool.inputSchema).toBe(inputSchema);
    expect(tool.outputSchema).toBe(outputSchema);
    expect(JSON.stringify(tool.inputSchema)).toBe(JSON.stringify(inputSchema));
  });

  it('keeps them verbatim inside tools/list results of every revision that allows them', () => {
    const result = {
      tools: [{ name: 't', inputSchema }],
      resultType: 'complete',
      ttlMs: 0,
      cacheScope: 'public',
    };
    expect(ListToolsResultSchema.parse(result).tools[0]?.inputSchema).toBe(inputSchema);
    expect(v2026_07_28.ListToolsResultSchema.parse(result).tools[0]?.inputSchema).toBe(inputSchema);
    expect(v2025_11_25.ListToolsResultSchema.parse(result).tools[0]?.inputSchema).toBe(inputSchema);
  });

  it('accepts a non-object output schema only from 2026-07-28 on', () => {
    const tool = { name: 't', inputSchema: { type: 'object' }, outputSchema };
    expect(v2026_07_28.ToolSchema.safeParse(tool).success).toBe(true);
    expect(v2025_11_25.ToolSchema.safeParse(tool).success).toBe(false);
  });
});

describe('back-compat parsing of older revisions', () => {
  it('parses a 2024-11-05 initialize request and its result', () => {
    const request = {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2024-11-05',
        capabilities: { roots: { listChanged: true }, sampling: {} },
        clientInfo: { name: 'old-client', version: '0.1.0' },
      },
    };
    expect(v2024_11_05.InitializeRequestSchema.parse(request)).toEqual(request);
    expect(InitializeRequestSchema.parse(request)).toEqual(request);
    const result = {
      protocolVersion: '2024-11-05',
      capabilities: { logging: {}, tools: { listChanged: false } },
      serverInfo: { name: 'old-server', version: '1.0.0' },
    };
    expect(v2024_11_05.InitializeResultSchema.parse(result)).toEqual(result);
  });

  it('parses a 2025-03-26 batch of requests and notifications', () => {
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 'b', method: 'tools/call', params: { name: 'echo', arguments: { text: 'x' } } },
    ];
    expect(JSONRPCBatchRequestSchema.parse(batch)).toEqual(batch);
  });

  it('parses 2025-06-18 form elicitation without a mode', () => {
    const params = {
      message: 'Name?',
      requestedSchema: { type: 'object', properties: { n: { type: 'string' } } },
    };
    expect(v2025_06_18.ElicitRequestParamsSchema.parse(params)).toEqual(params);
  });

  it('applies the content blocks of each revision', () => {
    const audio = { content: [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }] };
    expect(v2024_11_05.CallToolResultSchema.safeParse(audio).success).toBe(false);
    expect(v2025_03_26.CallToolResultSchema.safeParse(audio).success).toBe(true);
    const link = { content: [{ type: 'resource_link', uri: 'file:///a', name: 'a' }] };
    expect(v2025_03_26.CallToolResultSchema.safeParse(link).success).toBe(false);
    expect(v2025_06_18.CallToolResultSchema.safeParse(link).success).toBe(true);
  });

  it('requires the 2026-07-28 per-request facts only under 2026-07-28', () => {
    const bare = { name: 't' };
    expect(v2025_11_25.CallToolRequestParamsSchema.safeParse(bare).success).toBe(true);
    expect(v2026_07_28.CallToolRequestParamsSchema.safeParse(bare).success).toBe(false);
    const withMeta = {
      name: 't',
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    };
    expect(v2026_07_28.CallToolRequestParamsSchema.safeParse(withMeta).success).toBe(true);
    expect(v2026_07_28.CallToolResultSchema.safeParse({ content: [] }).success).toBe(false);
    expect(CallToolResultSchema.safeParse({ content: [] }).success).toBe(true);
  });
});

describe('JSON-RPC envelope', () => {
  it('tells requests from notifications by the id', () => {
    expect(JSONRPCNotificationSchema.safeParse({ jsonrpc: '2.0', id: 1, method: 'x' }).success).toBe(false);
    expect(JSONRPCMessageSchema.safeParse({ jsonrpc: '2.0', id: 1.5, method: 'x' }).success).toBe(false);
  });

  it('reads an error response without an id as id null', () => {
    const parsed = JSONRPCErrorResponseSchema.parse({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error' },
    });
    expect(parsed.id).toBeNull();
  });

  it('parses into the shared contract types', () => {
    // Checked by the type checker (`pnpm typecheck` covers the tests).
    expectTypeOf<z.output<typeof JSONRPCRequestSchema>>().toExtend<JSONRPCRequest>();
    expectTypeOf<z.output<typeof JSONRPCNotificationSchema>>().toExtend<JSONRPCNotification>();
    expectTypeOf<z.output<typeof JSONRPCErrorResponseSchema>>().toExtend<JSONRPCErrorResponse>();
    expectTypeOf<z.output<typeof JSONRPCMessageSchema>>().toExtend<JSONRPCMessage>();
  });

  it('dispatches content blocks on their type', () => {
    expect(ContentBlockSchema.parse({ type: 'image', data: 'AA', mimeType: 'image/png' }).type).toBe('image');
  });
});

describe('direction unions per revision', () => {
  const discover = {
    jsonrpc: '2.0',
    id: 1,
    method: 'server/discover',
    params: {
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    },
  };
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
  };

  it('knows which requests a client may send in each revision', () => {
    expect(v2026_07_28.ClientRequestSchema.safeParse(discover).success).toBe(true);
    expect(v2026_07_28.ClientRequestSchema.safeParse(initialize).success).toBe(false);
    expect(v2025_11_25.ClientRequestSchema.safeParse(initialize).success).toBe(true);
    expect(v2025_11_25.ClientRequestSchema.safeParse(discover).success).toBe(false);
  });

  it('builds the direction unions of a revision once, on first read, as ordinary enumerable keys', () => {
    expect(v2025_11_25.ServerNotificationSchema).toBe(v2025_11_25.ServerNotificationSchema);
    expect(Object.keys(v2025_11_25)).toContain('ClientResultSchema');
    expect({ ...v2024_11_05 }.ClientRequestSchema).toBe(v2024_11_05.ClientRequestSchema);
  });

  it('knows which requests a server may send in each revision', () => {
    const elicit = {
      jsonrpc: '2.0',
      id: 2,
      method: 'elicitation/create',
      params: { message: 'Name?', requestedSchema: { type: 'object', properties: {} } },
    };
    expect(v2025_06_18.ServerRequestSchema.safeParse(elicit).success).toBe(true);
    expect(v2025_03_26.ServerRequestSchema.safeParse(elicit).success).toBe(false);
    expect(v2026_07_28.ServerRequestSchema.safeParse(elicit).success).toBe(false);
  });

  it('knows which notifications each side sends', () => {
    const rootsChanged = { jsonrpc: '2.0', method: 'notifications/roots/list_changed' };
    expect(v2025_11_25.ClientNotificationSchema.safeParse(rootsChanged).success).toBe(true);
    expect(v2026_07_28.ClientNotificationSchema.safeParse(rootsChanged).success).toBe(false);
    const acknowledged = {
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications: { toolsListChanged: true } },
    };
    expect(v2026_07_28.ServerNotificationSchema.safeParse(acknowledged).success).toBe(true);
    expect(v2025_11_25.ServerNotificationSchema.safeParse(acknowledged).success).toBe(false);
  });
});

describe('revision outputs fit the shared types', () => {
  it('lets code typed with the lenient types hold revision-exact values', () => {
    // Checked by the type checker: parse helpers return revision-exact output under these types.
    expectTypeOf<z.output<typeof v2026_07_28.CallToolRequestParamsSchema>>().toExtend<
      z.output<typeof CallToolRequestParamsSchema>
    >();
    expectTypeOf<z.output<typeof v2026_07_28.CallToolResultSchema>>().toExtend<
      z.output<typeof CallToolResultSchema>
    >();
    expectTypeOf<z.output<typeof v2026_07_28.ListToolsResultSchema>>().toExtend<
      z.output<typeof ListToolsResultSchema>
    >();
    expectTypeOf<z.output<typeof v2025_11_25.ToolSchema>>().toExtend<z.output<typeof ToolSchema>>();
    expectTypeOf<z.output<typeof v2025_06_18.ElicitRequestParamsSchema>>().toExtend<
      z.output<typeof v2025_11_25.ElicitRequestParamsSchema>
    >();
    expectTypeOf<z.output<typeof v2024_11_05.CallToolResultSchema>>().toExtend<
      z.output<typeof CallToolResultSchema>
    >();
  });
});

import type { JSONObject } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { McpClientErrorCode } from './errors.js';
import type { ClientLogger } from './logger.js';
import { createClient, FULL_CAPABILITIES, startFakeServer } from './test-helpers/fake-server.js';

const BAD_TOOLS = {
  resultType: 'complete',
  ttlMs: 0,
  cacheScope: 'private',
  tools: [
    {
      name: 'fine',
      inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } },
    },
    // Broken per SEP-2243: a header name that is not an HTTP token, and two names equal ignoring case.
    {
      name: 'bad_name',
      inputSchema: { type: 'object', properties: { a: { type: 'string', 'x-mcp-header': 'Bad Name' } } },
    },
    {
      name: 'duplicate',
      inputSchema: {
        type: 'object',
        properties: {
          a: { type: 'string', 'x-mcp-header': 'Same' },
          b: { type: 'string', 'x-mcp-header': 'same' },
        },
      },
    },
  ],
} satisfies JSONObject;

async function connectModern(options: Parameters<typeof createClient>[0]) {
  const { client, clientTransport, serverTransport } = createClient({
    protocolVersion: '2026-07-28',
    ...options,
  });
  const server = await startFakeServer(serverTransport, {
    handlers: {
      'server/discover': () => ({
        resultType: 'complete',
        ttlMs: 0,
        cacheScope: 'private',
        supportedVersions: ['2026-07-28'],
        capabilities: FULL_CAPABILITIES,
        _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'modern', version: '1' } },
      }),
      'tools/list': () => BAD_TOOLS,
    },
  });
  await client.connect(clientTransport);
  return { client, server };
}

describe('warnings through the logger option', () => {
  it('drops tools whose x-mcp-header annotations break the rules, warning once per tool through the logger', async () => {
    const warnings: { message: string; details?: Record<string, unknown> }[] = [];
    const errors: Error[] = [];
    const logger: ClientLogger = { warn: (message, details) => void warnings.push({ message, details }) };
    const { client } = await connectModern({ logger, onerror: (error) => void errors.push(error) });

    const tools = await client.listAllTools();

    expect(tools.map((tool) => tool.name)).toEqual(['fine']);
    expect(warnings.map((w) => w.details?.tool)).toEqual(['bad_name', 'duplicate']);
    for (const warning of warnings) {
      expect(warning.message).toMatch(/^Left out tool '.+' from tools\/list: /);
      expect(warning.details).toMatchObject({ code: McpClientErrorCode.InvalidToolDefinition });
      expect(typeof warning.details?.reason).toBe('string');
    }
    // With a logger the warning is not reported a second time as an error.
    expect(errors).toEqual([]);
  });

  it('without a logger, reports the dropped tools through onerror instead', async () => {
    const errors: Error[] = [];
    const { client } = await connectModern({ onerror: (error) => void errors.push(error) });
    await client.listAllTools();
    expect(errors.map((e) => (e as { code?: string }).code)).toEqual([
      McpClientErrorCode.InvalidToolDefinition,
      McpClientErrorCode.InvalidToolDefinition,
    ]);
  });
});

describe('the server/discover probe over one connection', () => {
  it('falls back to initialize on the transport it probed, starting it once and never closing it (one stdio process)', async () => {
    const { client, clientTransport, serverTransport } = createClient();
    const calls: string[] = [];
    const start = clientTransport.start.bind(clientTransport);
    const close = clientTransport.close.bind(clientTransport);
    clientTransport.start = () => {
      calls.push('start');
      return start();
    };
    clientTransport.close = () => {
      calls.push('close');
      return close();
    };
    // A legacy server: no server/discover handler, so the probe gets -32601.
    const server = await startFakeServer(serverTransport, { protocolVersion: '2025-11-25' });

    await client.connect(clientTransport);

    expect(client.protocolVersion).toBe('2025-11-25');
    const methods = server.received.map((m) => ('method' in m ? m.method : 'response'));
    expect(methods.slice(0, 2)).toEqual(['server/discover', 'initialize']);
    expect(calls).toEqual(['start']);
    await client.close();
    expect(calls).toEqual(['start', 'close']);
  });
});

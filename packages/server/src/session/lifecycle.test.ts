import type { JsonRpcError } from '@mcpkit/jsonrpc';
import { describe, expect, it } from 'vitest';
import { McpServer } from '../server.js';
import { connect } from '../test-helpers/harness.js';

function server() {
  const s = new McpServer(
    {
      name: 'srv',
      title: 'Server',
      version: '2.0.0',
      description: 'desc',
      websiteUrl: 'https://example.com',
    },
    { instructions: 'Use the echo tool.' },
  );
  s.tool('echo', {}, () => 'x');
  s.prompt('p', {}, () => 'hello');
  s.resource('test://r', { name: 'r' }, () => 'r');
  return s;
}

describe('initialize', () => {
  it('answers with the requested supported version, capabilities, serverInfo and instructions', async () => {
    const { request } = await connect(server(), { initialize: false });
    const result = await request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    });
    expect(result).toEqual({
      protocolVersion: '2025-11-25',
      capabilities: {
        tools: { listChanged: true },
        prompts: { listChanged: true },
        resources: { listChanged: true, subscribe: true },
        logging: {},
        completions: {},
      },
      serverInfo: {
        name: 'srv',
        title: 'Server',
        version: '2.0.0',
        description: 'desc',
        websiteUrl: 'https://example.com',
      },
      instructions: 'Use the echo tool.',
    });
  });

  it.each(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'])('negotiates %s', async (version) => {
    const { request, session } = await connect(server(), { initialize: false });
    const result = await request('initialize', {
      protocolVersion: version,
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    });
    expect(result.protocolVersion).toBe(version);
    expect(session.protocolVersion).toBe(version);
  });

  it('answers an unsupported version with the latest stateful revision', async () => {
    for (const requested of ['1999-01-01', '2026-07-28']) {
      const { request } = await connect(server(), { initialize: false });
      const result = await request('initialize', {
        protocolVersion: requested,
        capabilities: {},
        clientInfo: { name: 'c', version: '1' },
      });
      expect(result.protocolVersion).toBe('2025-11-25');
    }
  });

  it('strips what older revisions do not define from the initialize result', async () => {
    const { request } = await connect(server(), { initialize: false });
    const result = await request('initialize', {
      protocolVersion: '2024-11-05',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    });
    expect(result.serverInfo).toEqual({ name: 'srv', version: '2.0.0' });
    expect(result.capabilities).not.toHaveProperty('completions');
  });

  it('remembers client info and capabilities on the session', async () => {
    const { session } = await connect(server(), {
      capabilities: { roots: { listChanged: true } },
      clientInfo: { name: 'inspector', version: '9' },
    });
    expect(session.clientInfo).toEqual({ name: 'inspector', version: '9' });
    expect(session.clientCapabilities).toEqual({ roots: { listChanged: true } });
    expect(session.ready).toBe(true);
  });

  it('serves requests without a handshake at the version the transport declared', async () => {
    const s = server();
    const { createInMemoryTransportPair } = await import('@mcpkit/jsonrpc/testing');
    const { JsonRpcPeer } = await import('@mcpkit/jsonrpc');
    const [clientSide, serverSide] = createInMemoryTransportPair();
    // A stateless HTTP POST: the transport reports the MCP-Protocol-Version header in MessageExtra.
    const inner = serverSide.onmessage;
    expect(inner).toBeUndefined();
    await s.connect(serverSide);
    const deliver = serverSide.onmessage!;
    serverSide.onmessage = (message, extra) => deliver(message, { ...extra, protocolVersion: '2025-03-26' });
    const client = new JsonRpcPeer();
    await client.connect(clientSide);
    expect(await client.request('ping')).toEqual({});
    const [tool] = (await client.request('tools/list')).tools as Record<string, unknown>[];
    expect(tool).toEqual({ name: 'echo', inputSchema: { type: 'object', properties: {} } });
  });

  it('can insist on the handshake', async () => {
    const s = server();
    const { createInMemoryTransportPair } = await import('@mcpkit/jsonrpc/testing');
    const { JsonRpcPeer } = await import('@mcpkit/jsonrpc');
    const [clientSide, serverSide] = createInMemoryTransportPair();
    await s.connect(serverSide, { requireInitialize: true });
    const client = new JsonRpcPeer();
    await client.connect(clientSide);
    expect(await client.request('ping')).toEqual({});
    const early = (await client.request('tools/list').catch((e: unknown) => e)) as JsonRpcError;
    expect([early.code, early.message]).toEqual([
      -32600,
      "Session not initialized: send 'initialize' before 'tools/list'",
    ]);
  });

  it('rejects a second initialize', async () => {
    const { request } = await connect(server());
    const again = (await request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    }).catch((e: unknown) => e)) as JsonRpcError;
    expect(again.code).toBe(-32600);
    expect(again.message).toBe('Session already initialized: send initialize once');
  });

  it('rejects malformed initialize params naming the path', async () => {
    const { request } = await connect(server(), { initialize: false });
    const error = (await request('initialize', { protocolVersion: '2025-11-25', capabilities: {} }).catch(
      (e: unknown) => e,
    )) as JsonRpcError;
    expect(error.code).toBe(-32602);
    expect(error.message).toBe(
      "Invalid params for 'initialize': params.clientInfo: expected object, received missing",
    );
  });

  it('tells the transport the negotiated version', async () => {
    const s = server();
    const { createInMemoryTransportPair } = await import('@mcpkit/jsonrpc/testing');
    const { JsonRpcPeer } = await import('@mcpkit/jsonrpc');
    const [clientSide, serverSide] = createInMemoryTransportPair();
    const told: string[] = [];
    serverSide.setProtocolVersion = (version) => told.push(version);
    await s.connect(serverSide);
    const client = new JsonRpcPeer();
    await client.connect(clientSide);
    await client.request('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    });
    expect(told).toEqual(['2025-06-18']);
  });

  it('can resume a negotiated session without a handshake', async () => {
    const s = server();
    const { createInMemoryTransportPair } = await import('@mcpkit/jsonrpc/testing');
    const { JsonRpcPeer } = await import('@mcpkit/jsonrpc');
    const [clientSide, serverSide] = createInMemoryTransportPair();
    const session = await s.connect(serverSide, {
      sessionId: 'abc',
      restore: { protocolVersion: '2025-03-26', clientCapabilities: {} },
    });
    const client = new JsonRpcPeer();
    await client.connect(clientSide);
    expect(((await client.request('tools/list')).tools as unknown[]).length).toBe(1);
    expect(session.sessionId).toBe('abc');
  });
});

describe('ping and unknown methods', () => {
  it('answers ping with an empty result', async () => {
    const { request } = await connect(server());
    expect(await request('ping')).toEqual({});
  });

  it('answers unknown methods and undeclared capabilities with -32601', async () => {
    const bare = new McpServer({ name: 'bare', version: '1' });
    const { request } = await connect(bare);
    for (const method of ['nope/nothing', 'tools/list', 'prompts/get', 'resources/read']) {
      const error = (await request(method, {}).catch((e: unknown) => e)) as JsonRpcError;
      expect(error.code, method).toBe(-32601);
    }
  });
});

describe('sessions share one server without sharing state', () => {
  it('keeps negotiated versions, client info and log levels per session', async () => {
    const s = server();
    const a = await connect(s, { protocolVersion: '2024-11-05', clientInfo: { name: 'a', version: '1' } });
    const b = await connect(s, { protocolVersion: '2025-11-25', clientInfo: { name: 'b', version: '1' } });
    await a.request('logging/setLevel', { level: 'error' });
    expect(a.session.protocolVersion).toBe('2024-11-05');
    expect(b.session.protocolVersion).toBe('2025-11-25');
    expect(a.session.logLevel).toBe('error');
    expect(b.session.logLevel).toBe('debug');
    expect(s.sessions.size).toBe(2);
    await a.client.close();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(s.sessions.size).toBe(1);
    expect(a.session.closed).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { McpClient } from './client.js';
import { McpClientError, McpClientErrorCode } from './errors.js';
import { connectPair, createClient, startFakeServer } from './test-helpers/fake-server.js';

describe('McpClient.connect', () => {
  it('probes server/discover by default, falls back to initialize with 2025-11-25 for a legacy server, and sends notifications/initialized after', async () => {
    const { client, server, announcedVersions } = await connectPair({
      serverInfo: { name: 'srv', version: '2.0.0', title: 'Server' },
      instructions: 'Use the tools wisely.',
      capabilities: { tools: {}, logging: {} },
    });
    const [initialize] = server.requests('initialize');
    expect(initialize?.params).toEqual({
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'test-client', version: '0.1.0' },
    });
    expect(client.protocolVersion).toBe('2025-11-25');
    expect(client.serverInfo).toEqual({ name: 'srv', version: '2.0.0', title: 'Server' });
    expect(client.serverCapabilities).toEqual({ tools: {}, logging: {} });
    expect(client.instructions).toBe('Use the tools wisely.');
    expect(client.isConnected).toBe(true);
    // The transport learns each version as it is tried: the probe's, then the one initialize settles on.
    expect(announcedVersions).toEqual(['2026-07-28', '2025-11-25', '2025-11-25']);
    await server.waitFor((m) => 'method' in m && m.method === 'notifications/initialized');
    const order = server.received.map((m) => ('method' in m ? m.method : 'response'));
    expect(order.slice(0, 3)).toEqual(['server/discover', 'initialize', 'notifications/initialized']);
  });

  it.each(['2024-11-05', '2025-03-26', '2025-06-18'])(
    'accepts an older supported version (%s)',
    async (version) => {
      const { client, announcedVersions } = await connectPair({ protocolVersion: version });
      expect(client.protocolVersion).toBe(version);
      expect(announcedVersions).toEqual(['2026-07-28', '2025-11-25', version]);
    },
  );

  it('rejects an unsupported version with a clear error and closes the connection', async () => {
    const { client, clientTransport, serverTransport } = createClient();
    const server = await startFakeServer(serverTransport, { protocolVersion: '2023-01-01' });
    let serverClosed = false;
    server.peer.onclose = () => {
      serverClosed = true;
    };
    const failure = await client.connect(clientTransport).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(McpClientError);
    expect((failure as McpClientError).code).toBe(McpClientErrorCode.UnsupportedProtocolVersion);
    expect((failure as Error).message).toMatch(/'2023-01-01'.*does not support.*2025-11-25/);
    expect(serverClosed).toBe(true);
    expect(client.isConnected).toBe(false);
    expect(server.notifications('notifications/initialized')).toHaveLength(0);
  });

  it('refuses a stateless version answered to initialize', async () => {
    const { client, clientTransport, serverTransport } = createClient({
      supportedProtocolVersions: ['2025-11-25', '2026-07-28'],
    });
    await startFakeServer(serverTransport, { protocolVersion: '2026-07-28' });
    await expect(client.connect(clientTransport)).rejects.toMatchObject({
      code: McpClientErrorCode.UnsupportedProtocolVersion,
    });
  });

  it('honours a narrower supportedProtocolVersions list', async () => {
    const { client, clientTransport, serverTransport } = createClient({
      protocolVersion: '2025-06-18',
      supportedProtocolVersions: ['2025-06-18'],
    });
    await startFakeServer(serverTransport, { protocolVersion: '2025-03-26' });
    await expect(client.connect(clientTransport)).rejects.toMatchObject({
      code: McpClientErrorCode.UnsupportedProtocolVersion,
    });
  });

  it('names the offending path of a malformed initialize result', async () => {
    const { client, clientTransport, serverTransport } = createClient();
    await startFakeServer(serverTransport, {
      initializeResult: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        serverInfo: { name: 7, version: '1' },
      },
    });
    const failure = (await client
      .connect(clientTransport)
      .catch((error: unknown) => error)) as McpClientError;
    expect(failure.code).toBe(McpClientErrorCode.InvalidResult);
    expect(failure.message).toContain('result.serverInfo.name');
    expect(client.isConnected).toBe(false);
  });

  it('refuses a second connect and calls before connect', async () => {
    const { client } = await connectPair();
    const other = createClient().clientTransport;
    await expect(client.connect(other)).rejects.toMatchObject({ code: McpClientErrorCode.AlreadyConnected });
    const fresh = new McpClient({ name: 'c', version: '1' });
    await expect(fresh.listTools()).rejects.toMatchObject({ code: McpClientErrorCode.NotConnected });
  });

  it('answers typed calls made before connect with a rejected promise, never a synchronous throw', async () => {
    const fresh = new McpClient({ name: 'c', version: '1' });
    const calls = [
      fresh.listPrompts(),
      fresh.getPrompt({ name: 'p' }),
      fresh.readResource({ uri: 'file:///a' }),
    ];
    for (const call of calls) {
      await expect(call).rejects.toMatchObject({ code: McpClientErrorCode.NotConnected });
    }
  });

  it('rejects options it cannot honour', () => {
    expect(() => new McpClient({ name: 'c', version: '1' }, { supportedProtocolVersions: [] })).toThrow(
      /at least one version/,
    );
    expect(
      () =>
        new McpClient(
          { name: 'c', version: '1' },
          { protocolVersion: '2025-11-25', supportedProtocolVersions: ['2025-06-18'] },
        ),
    ).toThrow(/not among supportedProtocolVersions/);
  });

  it('declares capabilities from the handlers that are set, merged with explicit ones', async () => {
    const { server } = await connectPair(
      {},
      {
        capabilities: { experimental: { trace: {} } },
        sampling: () => ({ role: 'assistant', content: { type: 'text', text: 'x' }, model: 'm' }),
        roots: [{ uri: 'file:///tmp' }],
      },
      (client) =>
        client.setElicitationHandler(() => ({ action: 'decline' }), {
          modes: ['form', 'url'],
          applyDefaults: true,
        }),
    );
    expect(server.requests('initialize')[0]?.params?.capabilities).toEqual({
      experimental: { trace: {} },
      sampling: {},
      roots: { listChanged: true },
      elicitation: { form: { applyDefaults: true }, url: {} },
    });
  });

  it('close() closes the transport, fires onclose once and forgets the session', async () => {
    const { client, server } = await connectPair();
    let closes = 0;
    client.onclose = () => {
      closes++;
    };
    let serverClosed = false;
    server.peer.onclose = () => {
      serverClosed = true;
    };
    await client.close();
    await client.close();
    expect(closes).toBe(1);
    expect(serverClosed).toBe(true);
    expect(client.isConnected).toBe(false);
    expect(client.serverInfo).toBeUndefined();
    await expect(client.ping()).rejects.toMatchObject({ code: McpClientErrorCode.NotConnected });
  });

  it('notices when the server closes the connection', async () => {
    const { client, server } = await connectPair();
    const closed = new Promise<void>((resolve) => {
      client.onclose = () => resolve();
    });
    await server.peer.close();
    await closed;
    expect(client.isConnected).toBe(false);
  });

  it('can connect again after close', async () => {
    const { client } = await connectPair();
    await client.close();
    const { clientTransport, serverTransport } = createClient();
    await startFakeServer(serverTransport, { protocolVersion: '2025-06-18' });
    await client.connect(clientTransport);
    expect(client.protocolVersion).toBe('2025-06-18');
  });
});

import { JsonRpcError, McpkitError, McpkitErrorCode } from '@mcpkit/jsonrpc';
import { ErrorCode, type JSONObject } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { McpClientError, McpClientErrorCode } from './errors.js';
import { createClient, FULL_CAPABILITIES, startFakeServer } from './test-helpers/fake-server.js';

const DISCOVER_RESULT = {
  resultType: 'complete',
  ttlMs: 0,
  cacheScope: 'private',
  supportedVersions: ['2026-07-28'],
  capabilities: FULL_CAPABILITIES,
  _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'modern-only', version: '1' } },
} satisfies JSONObject;

/** A handler that never answers: what a server too busy to reply in time looks like to the probe. */
const never = () => new Promise<JSONObject>(() => undefined);

function refuseInitialize(): never {
  throw new JsonRpcError(
    ErrorCode.InvalidRequest,
    'initialize is not supported; this server speaks 2026-07-28',
    {
      supported: ['2026-07-28'],
    },
  );
}

/** An in-memory client whose transport says a legacy server may ignore the probe, as stdio does. */
function createStdioLikeClient(options: Parameters<typeof createClient>[0]) {
  const created = createClient(options);
  Object.assign(created.clientTransport, { legacyPeersMayStaySilent: true });
  return created;
}

describe('a slow server/discover answer where legacy servers always answer (HTTP)', () => {
  it('waits past discoverTimeoutMs and never sends initialize to a slow modern server', async () => {
    const { client, clientTransport, serverTransport } = createClient({ discoverTimeoutMs: 20 });
    const server = await startFakeServer(serverTransport, {
      handlers: {
        'server/discover': () =>
          new Promise<JSONObject>((resolve) => setTimeout(() => resolve(DISCOVER_RESULT), 200)),
        initialize: refuseInitialize,
      },
    });
    await client.connect(clientTransport);
    expect(client.protocolVersion).toBe('2026-07-28');
    expect(server.requests('initialize')).toHaveLength(0);
    await client.close();
  });

  it('reports a probe that never gets an answer as a timeout, not a legacy server', async () => {
    const { client, clientTransport, serverTransport } = createClient({ defaultTimeoutMs: 100 });
    const server = await startFakeServer(serverTransport, { handlers: { 'server/discover': never } });
    const error = await client.connect(clientTransport).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as McpkitError).code).toBe(McpkitErrorCode.RequestTimeout);
    expect((error as Error).message).toMatch(/Request 'server\/discover' .* timed out/);
    expect(server.requests('initialize')).toHaveLength(0);
  });
});

describe('a server/discover probe that goes unanswered where legacy servers may stay silent (stdio)', () => {
  it('is not taken as a legacy server: after a refused initialize the client probes again and stays modern', async () => {
    const { client, clientTransport, serverTransport } = createStdioLikeClient({ discoverTimeoutMs: 50 });
    let discovers = 0;
    const server = await startFakeServer(serverTransport, {
      handlers: {
        // The first probe is "too slow" (never answered); a later one is answered at once.
        'server/discover': () => (++discovers === 1 ? never() : DISCOVER_RESULT),
        initialize: refuseInitialize,
      },
    });
    await client.connect(clientTransport);
    expect(client.protocolVersion).toBe('2026-07-28');
    expect(client.serverInfo).toEqual({ name: 'modern-only', version: '1' });
    expect(server.requests('server/discover')).toHaveLength(2);
    expect(server.requests('initialize')).toHaveLength(1);
    await client.close();
  });

  it('still falls back for a legacy server that stays silent to server/discover but answers initialize', async () => {
    const { client, clientTransport, serverTransport } = createStdioLikeClient({ discoverTimeoutMs: 50 });
    const server = await startFakeServer(serverTransport, { handlers: { 'server/discover': never } });
    await client.connect(clientTransport);
    expect(client.protocolVersion).toBe('2025-11-25');
    expect(server.requests('server/discover')).toHaveLength(1);
    await client.close();
  });

  it('reports silence to both server/discover and initialize as a timeout, not a fallback', async () => {
    const { client, clientTransport, serverTransport } = createStdioLikeClient({
      discoverTimeoutMs: 50,
      defaultTimeoutMs: 100,
    });
    await startFakeServer(serverTransport, { handlers: { 'server/discover': never, initialize: never } });
    const error = await client.connect(clientTransport).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(McpkitError);
    expect((error as McpkitError).code).toBe(McpkitErrorCode.RequestTimeout);
    expect((error as Error).message).toMatch(/Request 'initialize' .* timed out/);
    expect(client.isConnected).toBe(false);
  });

  it('passes on a refused initialize when the second probe is refused too', async () => {
    const { client, clientTransport, serverTransport } = createStdioLikeClient({ discoverTimeoutMs: 50 });
    let discovers = 0;
    await startFakeServer(serverTransport, {
      handlers: {
        'server/discover': () => {
          if (++discovers === 1) return never();
          throw new JsonRpcError(ErrorCode.MethodNotFound, 'Method not found');
        },
        initialize: refuseInitialize,
      },
    });
    await expect(client.connect(clientTransport)).rejects.toThrow(/initialize is not supported/);
  });
});

describe('unreadable output from the server during connect', () => {
  it('fails connect() at once with the parse error instead of waiting for the timeouts', async () => {
    const errors: Error[] = [];
    const { client, clientTransport, serverTransport } = createClient({
      onerror: (error) => errors.push(error),
    });
    // The "server" answers nothing and sends a line of garbage, as a transport's decoder reports it.
    await serverTransport.start();
    const garbage = JsonRpcError.parseError(
      'Parse error: Unexpected token h in JSON at position 0',
      undefined,
    );
    Object.assign(garbage, { response: { jsonrpc: '2.0', id: null, error: garbage.toErrorObject() } });
    const connecting = client.connect(clientTransport);
    setTimeout(() => clientTransport.onerror?.(garbage), 0);
    const error = await connecting.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(McpClientError);
    expect((error as McpClientError).code).toBe(McpClientErrorCode.UnreadableServerOutput);
    expect((error as Error).message).toMatch(/not JSON-RPC during the handshake: Parse error/);
    expect((error as Error).cause).toBe(garbage);
    expect(errors).toContain(garbage);
    expect(client.isConnected).toBe(false);
  });

  it('after connect, unreadable input is only reported: the connection goes on', async () => {
    const errors: Error[] = [];
    const { client, clientTransport, serverTransport } = createClient({
      protocolVersion: '2025-11-25',
      onerror: (error) => errors.push(error),
    });
    await startFakeServer(serverTransport, {});
    await client.connect(clientTransport);
    const garbage = new JsonRpcError(ErrorCode.ParseError, 'Parse error', undefined, {
      response: { jsonrpc: '2.0', id: null, error: { code: ErrorCode.ParseError, message: 'Parse error' } },
    });
    clientTransport.onerror?.(garbage);
    expect(errors).toContain(garbage);
    await expect(client.ping()).resolves.toBeUndefined();
    await client.close();
  });
});

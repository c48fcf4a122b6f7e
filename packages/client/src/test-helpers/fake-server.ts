import { JsonRpcPeer, type RequestHandler, type Transport } from '@mcpkit/jsonrpc';
import { createInMemoryTransportPair } from '@mcpkit/jsonrpc/testing';
import type {
  Implementation,
  JSONObject,
  JSONRPCMessage,
  JSONRPCNotification,
  JSONRPCRequest,
  ServerCapabilities,
} from '@mcpkit/protocol';
import { McpClient } from '../client.js';
import type { McpClientOptions } from '../client-options.js';

// A hand-written MCP server on a raw JsonRpcPeer, just enough to drive the client in tests. It
// records every message it receives so tests can assert what the client put on the wire.

export interface FakeServerOptions {
  /** The version the server answers with (default: echo the client's offer). */
  protocolVersion?: string;
  capabilities?: ServerCapabilities;
  serverInfo?: Implementation;
  instructions?: string;
  /** Replaces the whole initialize result (for malformed-result tests). */
  initializeResult?: JSONObject;
  handlers?: Record<string, RequestHandler>;
}

export const FULL_CAPABILITIES: ServerCapabilities = {
  tools: { listChanged: true },
  resources: { subscribe: true, listChanged: true },
  prompts: { listChanged: true },
  logging: {},
  completions: {},
};

export interface FakeServer {
  peer: JsonRpcPeer;
  /** Every message the server received, in order. */
  received: JSONRPCMessage[];
  requests(method: string): JSONRPCRequest[];
  notifications(method: string): JSONRPCNotification[];
  /** Resolves once a message matching `predicate` has arrived (polls the log; bounded by vitest's timeout). */
  waitFor(predicate: (message: JSONRPCMessage) => boolean): Promise<JSONRPCMessage>;
}

export async function startFakeServer(
  transport: Transport,
  options: FakeServerOptions = {},
): Promise<FakeServer> {
  const peer = new JsonRpcPeer();
  const received: JSONRPCMessage[] = [];
  const waiters = new Set<() => void>();
  peer.setRequestHandler('initialize', (params) => {
    if (options.initializeResult) return options.initializeResult;
    const result: JSONObject = {
      protocolVersion: options.protocolVersion ?? (params?.protocolVersion as string),
      capabilities: options.capabilities ?? FULL_CAPABILITIES,
      serverInfo: options.serverInfo ?? { name: 'fake-server', version: '1.0.0' },
    };
    if (options.instructions !== undefined) result.instructions = options.instructions;
    return result;
  });
  peer.setRequestHandler('ping', () => ({}));
  for (const [method, handler] of Object.entries(options.handlers ?? {}))
    peer.setRequestHandler(method, handler);
  await peer.connect(transport);
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    received.push(message);
    for (const wake of [...waiters]) wake();
    deliver?.(message, extra);
  };
  const isRequest = (m: JSONRPCMessage, method: string): m is JSONRPCRequest =>
    'method' in m && m.method === method && 'id' in m;
  const isNotification = (m: JSONRPCMessage, method: string): m is JSONRPCNotification =>
    'method' in m && m.method === method && !('id' in m);
  return {
    peer,
    received,
    requests: (method) => received.filter((m): m is JSONRPCRequest => isRequest(m, method)),
    notifications: (method) => received.filter((m): m is JSONRPCNotification => isNotification(m, method)),
    waitFor: (predicate) =>
      new Promise((resolve) => {
        const check = () => {
          const found = received.find(predicate);
          if (!found) return;
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
        check();
      }),
  };
}

export interface ConnectedPair {
  client: McpClient;
  server: FakeServer;
  clientTransport: Transport;
  /** Versions the client told its transport about. */
  announcedVersions: string[];
}

/** A client connected to a fake server over an in-memory pair. */
export async function connectPair(
  server: FakeServerOptions = {},
  clientOptions: McpClientOptions = {},
  configure?: (client: McpClient) => void,
): Promise<ConnectedPair> {
  const { client, clientTransport, announcedVersions, serverTransport } = createClient(clientOptions);
  configure?.(client);
  const fake = await startFakeServer(serverTransport, server);
  await client.connect(clientTransport);
  return { client, server: fake, clientTransport, announcedVersions };
}

export function createClient(clientOptions: McpClientOptions = {}) {
  const [clientTransport, serverTransport] = createInMemoryTransportPair();
  const announcedVersions: string[] = [];
  clientTransport.setProtocolVersion = (version) => {
    announcedVersions.push(version);
  };
  const client = new McpClient({ name: 'test-client', version: '0.1.0' }, clientOptions);
  return { client, clientTransport, serverTransport, announcedVersions };
}

/** The fake server's view of a progress token the client attached, if any. */
export function progressTokenOf(request: JSONRPCRequest): string | number | undefined {
  const meta = request.params?._meta as { progressToken?: string | number } | undefined;
  return meta?.progressToken;
}

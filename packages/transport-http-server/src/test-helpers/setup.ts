// Builds a handler wired to fake servers and performs the initialize handshake.
import { createStreamableHttpHandler, type StreamableHttpHandler } from '../handler.js';
import type { StreamableHttpHandlerOptions } from '../options.js';
import { adapt } from './adapters.js';
import { connectFakeServer, type FakeServer } from './fake-server.js';
import { initializeMessage, postRequest } from './http.js';

export interface Harness {
  handler: StreamableHttpHandler;
  servers: FakeServer[];
}

/** A handler wired to fake servers, served by the running test's adapter (see adapters.ts). */
export function harness(options: Partial<StreamableHttpHandlerOptions> = {}): Harness {
  const servers: FakeServer[] = [];
  const handler = adapt(
    createStreamableHttpHandler({
      onSession: async (transport) => {
        await connectFakeServer(transport, servers);
      },
      ...options,
    }),
  );
  return { handler, servers };
}

/** Initializes a session and returns its id and the headers later requests need. */
export async function initialize(
  handler: StreamableHttpHandler,
  version = '2025-11-25',
  extraHeaders: Record<string, string> = {},
): Promise<{ sessionId: string; headers: Record<string, string> }> {
  const response = await handler(postRequest(initializeMessage(version), extraHeaders));
  if (response.status !== 200)
    throw new Error(`initialize failed: ${response.status} ${await response.text()}`);
  const sessionId = response.headers.get('mcp-session-id');
  if (!sessionId) throw new Error('initialize returned no session id');
  await response.text();
  return {
    sessionId,
    headers: { 'mcp-session-id': sessionId, 'mcp-protocol-version': version, ...extraHeaders },
  };
}

/** Initializes a session and completes the handshake with notifications/initialized, as real clients do. */
export async function handshake(
  handler: StreamableHttpHandler,
  version = '2025-11-25',
  extraHeaders: Record<string, string> = {},
): Promise<{ sessionId: string; headers: Record<string, string> }> {
  const session = await initialize(handler, version, extraHeaders);
  const response = await handler(
    postRequest({ jsonrpc: '2.0', method: 'notifications/initialized' }, session.headers),
  );
  if (response.status !== 202)
    throw new Error(`initialized failed: ${response.status} ${await response.text()}`);
  return session;
}

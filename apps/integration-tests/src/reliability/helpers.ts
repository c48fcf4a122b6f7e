// Shared pieces of the reliability tests: a fuzz seed that is printed on failure, an echo server
// wired to a Web handler, and helpers that speak raw HTTP to that handler.
import { McpServer } from '@mcpkit/server';
import {
  createStreamableHttpHandler,
  type StreamableHttpHandlerOptions,
} from '@mcpkit/transport-http-server';
import * as z from 'zod';

export const ENDPOINT = 'http://127.0.0.1/mcp';
export const PROTOCOL_VERSION = '2025-11-25';

/**
 * Each fuzz target runs once with a fixed seed (reproducible in CI) and once with a fresh one; the
 * seed goes into the failure message so a red run can be replayed with FUZZ_SEED=<seed>.
 */
export function fuzzSeeds(): number[] {
  const fromEnv = process.env.FUZZ_SEED;
  if (fromEnv !== undefined) return [Number(fromEnv)];
  return [20261122, Math.floor(Math.random() * 2 ** 31)];
}

/** A server with one echo tool; one instance is shared by every session, as in production. */
export function createReliabilityServer(): McpServer {
  const server = new McpServer({ name: 'reliability', version: '0.0.0' });
  server.tool('echo', { inputSchema: { message: z.string() } }, ({ message }) => message);
  server.resourceTemplate('echo://{message}', { name: 'echo' }, (_uri, { message }) => String(message));
  return server;
}

export function createEchoHandler(options: Partial<StreamableHttpHandlerOptions> = {}) {
  const server = createReliabilityServer();
  const errors: Error[] = [];
  const handler = createStreamableHttpHandler({
    onSession: (transport) => server.connect(transport),
    onerror: (error) => errors.push(error),
    responseMode: 'json',
    ...options,
  });
  return { handler, server, errors };
}

export function postHeaders(sessionId?: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': PROTOCOL_VERSION,
    ...(sessionId === undefined ? {} : { 'mcp-session-id': sessionId }),
  };
}

export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 'init',
  method: 'initialize',
  params: {
    protocolVersion: PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: { name: 'reliability-client', version: '0.0.0' },
  },
};

type Handler = (request: Request) => Promise<Response>;

/** Initializes a session over raw HTTP and returns its id. */
export async function openSession(
  handler: Handler,
  extraHeaders: Record<string, string> = {},
): Promise<string> {
  const response = await handler(
    new Request(ENDPOINT, {
      method: 'POST',
      headers: { ...postHeaders(), ...extraHeaders },
      body: JSON.stringify(INITIALIZE),
    }),
  );
  const sessionId = response.headers.get('mcp-session-id');
  if (response.status !== 200 || sessionId === null) {
    throw new Error(`initialize answered ${response.status}: ${await response.text()}`);
  }
  await response.text();
  const initialized = await handler(
    new Request(ENDPOINT, {
      method: 'POST',
      headers: { ...postHeaders(sessionId), ...extraHeaders },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    }),
  );
  await initialized.text();
  return sessionId;
}

/** Calls the echo tool over raw HTTP and returns the echoed text. */
export async function callEcho(
  handler: Handler,
  sessionId: string,
  message: string,
  extraHeaders: Record<string, string> = {},
): Promise<string> {
  const response = await handler(
    new Request(ENDPOINT, {
      method: 'POST',
      headers: { ...postHeaders(sessionId), ...extraHeaders },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'echo', arguments: { message } },
      }),
    }),
  );
  const body = (await response.json()) as { result?: { content?: { text?: string }[] } };
  if (response.status !== 200)
    throw new Error(`tools/call answered ${response.status}: ${JSON.stringify(body)}`);
  return String(body.result?.content?.[0]?.text);
}

/** A refusal must be an HTTP error status with a JSON-RPC error body that says what was wrong. */
export async function expectSpecShapedError(response: Response): Promise<void> {
  const text = await response.text();
  if (response.status < 400 || response.status > 599) {
    throw new Error(`expected an error status, got ${response.status}: ${text}`);
  }
  const body = JSON.parse(text) as { jsonrpc?: unknown; error?: { code?: unknown; message?: unknown } };
  if (
    body.jsonrpc !== '2.0' ||
    typeof body.error?.code !== 'number' ||
    typeof body.error.message !== 'string'
  ) {
    throw new Error(`status ${response.status} without a JSON-RPC error body: ${text}`);
  }
}

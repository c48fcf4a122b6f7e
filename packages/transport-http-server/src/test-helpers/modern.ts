// A 2026-07-28 server stand-in built on JsonRpcPeer, one peer per request transport (as the real
// server is wired), and builders for 2026 POSTs with the SEP-2243 headers.
import { JsonRpcError, JsonRpcPeer, type MessageExtra, type Transport } from '@mcpkit/jsonrpc';
import { ErrorCode, type JSONObject } from '@mcpkit/protocol';
import { createStreamableHttpHandler, type StreamableHttpHandler } from '../handler.js';
import type { SessionInfo, StreamableHttpHandlerOptions } from '../options.js';
import { connectFakeServer, type FakeServer } from './fake-server.js';
import { ACCEPT_BOTH, BASE } from './http.js';

export const MODERN = '2026-07-28';

export interface ModernHarness {
  handler: StreamableHttpHandler;
  /** One entry per 2026 request transport. */
  requests: Array<{ info: SessionInfo; extras: MessageExtra[]; cancelled: boolean; closed: boolean }>;
  /** Fake servers of 2025 sessions on the same handler. */
  sessions: FakeServer[];
  /** Sends a notification on every open subscriptions/listen stream, as the server's core would. */
  notifyListeners(method: string, params?: JSONObject): Promise<void>;
}

export function modernHarness(options: Partial<StreamableHttpHandlerOptions> = {}): ModernHarness {
  const requests: ModernHarness['requests'] = [];
  const sessions: FakeServer[] = [];
  const listeners = new Set<(method: string, params?: JSONObject) => Promise<void>>();
  const handler = createStreamableHttpHandler({
    onSession: async (transport, info) => {
      if (info.kind !== 'request') {
        await connectFakeServer(transport, sessions);
        return;
      }
      await connectModernPeer(transport, info, requests, listeners);
    },
    ...options,
  });
  return {
    handler,
    requests,
    sessions,
    notifyListeners: async (method, params) => {
      await Promise.all([...listeners].map((send) => send(method, params)));
    },
  };
}

async function connectModernPeer(
  transport: Transport,
  info: SessionInfo,
  requests: ModernHarness['requests'],
  listeners: Set<(method: string, params?: JSONObject) => Promise<void>>,
): Promise<void> {
  const record = { info, extras: [] as MessageExtra[], cancelled: false, closed: false };
  requests.push(record);
  const peer = new JsonRpcPeer();
  peer.onclose = () => {
    record.closed = true;
  };
  const whenAborted = (signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      signal.addEventListener(
        'abort',
        () => {
          record.cancelled = true;
          resolve();
        },
        { once: true },
      );
    });
  peer.setRequestHandler('tools/call', async (params, ctx) => {
    if (ctx.extra) record.extras.push(ctx.extra);
    if (params?.name === 'progress') {
      for (let i = 1; i <= 2; i++) await ctx.sendNotification('notifications/progress', { progress: i });
    }
    if (params?.name === 'slow') {
      await whenAborted(ctx.signal);
      return { content: [] };
    }
    if (params?.name === 'missing_capability') {
      throw new JsonRpcError(ErrorCode.MissingRequiredClientCapability, 'needs sampling', {
        requiredCapabilities: { sampling: {} },
      });
    }
    return { content: [{ type: 'text', text: `called ${String(params?.name)}` }] };
  });
  peer.setRequestHandler('resources/read', (params) => {
    throw new JsonRpcError(ErrorCode.InvalidParams, 'Resource not found', { uri: params?.uri });
  });
  peer.setRequestHandler('subscriptions/listen', async (_params, ctx) => {
    if (ctx.extra) record.extras.push(ctx.extra);
    const send = (method: string, params?: JSONObject) => ctx.sendNotification(method, params);
    listeners.add(send);
    await ctx.sendNotification('notifications/subscriptions/acknowledged', {});
    await whenAborted(ctx.signal);
    listeners.delete(send);
    return {};
  });
  await peer.connect(transport);
}

/** The `_meta` envelope every 2026 request carries. */
export function modernMeta(version = MODERN): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': version,
    'io.modelcontextprotocol/clientCapabilities': {},
  };
}

/** A 2026 request body with `_meta`. */
export function modernRequest(
  method: string,
  id: number | string,
  params: Record<string, unknown> = {},
): { jsonrpc: '2.0'; id: number | string; method: string; params: Record<string, unknown> } {
  return { jsonrpc: '2.0', id, method, params: { ...params, _meta: modernMeta() } };
}

/**
 * A POST of `body` with the headers a conforming 2026 client sends (MCP-Protocol-Version, Mcp-Method,
 * Mcp-Name); `headers` overrides them, and a header set to undefined is left out.
 */
export function modernPost(
  body: { method: string; params?: Record<string, unknown> },
  headers: Record<string, string | undefined> = {},
  signal?: AbortSignal,
): Request {
  const name = body.params?.name ?? body.params?.uri;
  const all: Record<string, string | undefined> = {
    host: 'localhost:3000',
    accept: ACCEPT_BOTH,
    'content-type': 'application/json',
    'mcp-protocol-version': MODERN,
    'mcp-method': body.method,
    ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
    ...headers,
  };
  const defined = Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return new Request(`${BASE}/mcp`, {
    method: 'POST',
    headers: defined,
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
}

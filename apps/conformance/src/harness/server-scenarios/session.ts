import type { JSONRPCResponse } from '@mcpkit/protocol';
import type { JsonObject, RequestOptions, Wire } from './wire.js';
import { type HttpWire, openHttpWire } from './wire-http.js';
import { openLegacySseWire } from './wire-legacy-sse.js';
import { openStdioWire } from './wire-stdio.js';

// A connection to the server under test at one revision: initialize (2025 and older) or per-request
// `_meta` plus SEP-2243 headers (2026-07-28), behind one `call`.

export const REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;
export type Revision = (typeof REVISIONS)[number];

export const CLIENT_INFO = { name: 'mcpkit-conformance', version: '0.1.0' };

export function clientCapabilities(revision: Revision): JsonObject {
  const capabilities: JsonObject = { sampling: {}, roots: { listChanged: true } };
  if (revision >= '2025-06-18')
    capabilities.elicitation = revision >= '2025-11-25' ? { form: {}, url: {} } : {};
  return capabilities;
}

export interface Session {
  wire: Wire;
  revision: Revision;
  /** The server answered at this revision (initialize echoed it, or discover listed it). */
  claimed: boolean;
  /** What the server answered to initialize or server/discover. */
  handshake: JSONRPCResponse;
  capabilities: JsonObject;
  serverInfo?: JsonObject;
  /** A request at the session's revision (2026: `_meta` envelope and Mcp-Method/Mcp-Name headers). */
  call(method: string, params?: JsonObject, options?: RequestOptions): Promise<JSONRPCResponse>;
  close(): Promise<void>;
}

export interface Target {
  command?: string;
  url?: string;
  /** The URL is a 2024-11-05 HTTP+SSE endpoint (GET stream + POST endpoint), not Streamable HTTP. */
  legacySse?: boolean;
  /** How long to wait for each response (default 10 s). */
  timeoutMs?: number;
}

export async function openWire(target: Target): Promise<Wire> {
  if (target.command) return openStdioWire(target.command, target.timeoutMs);
  if (target.url && target.legacySse) return openLegacySseWire(target.url, target.timeoutMs);
  if (target.url) return openHttpWire(target.url, target.timeoutMs);
  throw new Error('a server target needs a command (stdio) or a URL (HTTP)');
}

/**
 * Streamable HTTP or the legacy HTTP+SSE transport? A Streamable HTTP endpoint answers an
 * initialize POST; a legacy one refuses it (4xx) and answers GET with an event stream.
 */
export async function detectLegacySse(url: string): Promise<boolean> {
  const probe = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'ping' }),
  });
  await probe.body?.cancel();
  if (probe.status < 400 || probe.status >= 500 || probe.status === 400) return false;
  const get = new AbortController();
  const stream = await fetch(url, { headers: { accept: 'text/event-stream' }, signal: get.signal });
  const legacy = (stream.headers.get('content-type') ?? '').includes('text/event-stream');
  get.abort();
  return legacy;
}

/** The SEP-2243 Mcp-Name of a request: the tool or prompt name, or the resource URI. */
function mcpName(method: string, params: JsonObject | undefined): string | undefined {
  const value =
    method === 'tools/call' || method === 'prompts/get'
      ? params?.name
      : method === 'resources/read'
        ? params?.uri
        : method === 'tasks/get' || method === 'tasks/update' || method === 'tasks/cancel'
          ? params?.taskId
          : undefined;
  return typeof value === 'string' ? value : undefined;
}

export function withEnvelope(revision: Revision, params: JsonObject = {}): JsonObject {
  const meta = (params._meta as JsonObject | undefined) ?? {};
  return {
    ...params,
    _meta: {
      'io.modelcontextprotocol/protocolVersion': revision,
      'io.modelcontextprotocol/clientCapabilities': clientCapabilities(revision),
      'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
      ...meta,
    },
  };
}

/** Header-safe form of an Mcp-Name: as is when visible ASCII, else the Base64 sentinel (SEP-2243). */
export function encodeMcpName(value: string): string {
  const plain = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value) && !value.startsWith('=?base64?');
  return plain ? value : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

export function headers2026(method: string, params: JsonObject | undefined): Record<string, string> {
  const headers: Record<string, string> = { 'mcp-method': method };
  const name = mcpName(method, params);
  if (name !== undefined) headers['mcp-name'] = encodeMcpName(name);
  return headers;
}

export async function openSession(target: Target, revision: Revision): Promise<Session> {
  const wire = await openWire(target);
  try {
    if (revision === '2026-07-28') return await open2026(wire);
    return await openStateful(wire, revision);
  } catch (error) {
    await wire.close();
    throw error;
  }
}

async function openStateful(wire: Wire, revision: Revision): Promise<Session> {
  const handshake = await wire.request('initialize', {
    protocolVersion: revision,
    capabilities: clientCapabilities(revision),
    clientInfo: CLIENT_INFO,
  });
  const result = ('result' in handshake ? handshake.result : {}) as JsonObject;
  const negotiated = result.protocolVersion;
  if ('result' in handshake) {
    if (wire.kind === 'http' && typeof negotiated === 'string')
      (wire as { protocolVersion?: string }).protocolVersion = negotiated;
    // Open the GET stream before initialized: a server may send its first request (roots/list)
    // there as soon as the session is initialized.
    if (wire.kind === 'http' && revision >= '2025-03-26') await (wire as HttpWire).listen();
    await wire.notify('notifications/initialized');
  }
  const session: Session = {
    wire,
    revision,
    claimed: negotiated === revision,
    handshake,
    capabilities: (result.capabilities as JsonObject | undefined) ?? {},
    call: (method, params, options) => wire.request(method, params, options),
    close: () => wire.close(),
  };
  if (result.serverInfo !== undefined) session.serverInfo = result.serverInfo as JsonObject;
  return session;
}

async function open2026(wire: Wire): Promise<Session> {
  if (wire.kind === 'http') (wire as { protocolVersion?: string }).protocolVersion = '2026-07-28';
  const call = (method: string, params?: JsonObject, options: RequestOptions = {}) => {
    const enveloped = withEnvelope('2026-07-28', params);
    const headers = { ...headers2026(method, params), ...options.headers };
    return wire.request(method, enveloped, { ...options, headers });
  };
  const handshake = await call('server/discover');
  const result = ('result' in handshake ? handshake.result : {}) as JsonObject;
  const supported = Array.isArray(result.supportedVersions) ? result.supportedVersions : [];
  const session: Session = {
    wire,
    revision: '2026-07-28',
    claimed: supported.includes('2026-07-28'),
    handshake,
    capabilities: (result.capabilities as JsonObject | undefined) ?? {},
    call,
    close: () => wire.close(),
  };
  const info = (result._meta as JsonObject | undefined)?.['io.modelcontextprotocol/serverInfo'];
  if (info !== undefined) session.serverInfo = info as JsonObject;
  return session;
}

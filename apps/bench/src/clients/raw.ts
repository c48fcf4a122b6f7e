import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { MODERN_PROTOCOL_VERSION, PROTOCOL_VERSION } from '../servers/fixtures.js';
import { lineSplitter } from '../servers/line-splitter.js';
import {
  type BenchClient,
  CLIENT_INFO,
  type ClientFactory,
  firstText,
  progressCounter,
  type StdioTarget,
  type Wire,
} from './types.js';

// Raw baseline clients: plain JSON.parse/JSON.stringify over a child's pipes, or node:http.

type Json = Record<string, any>;

interface Pending {
  resolve: (message: Json) => void;
  reject: (error: Error) => void;
  onNotification?: (message: Json) => void;
}

/** A JSON-RPC correlator over any "send one message" function, with no validation at all. */
class RawCorrelator {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly byProgressToken = new Map<number, Pending>();

  /** `envelope`: the 2026-07-28 `_meta` every request carries (none for the 2025 wire). */
  constructor(
    private readonly sendMessage: (message: Json) => void,
    private readonly envelope?: Json,
  ) {}

  request(method: string, params: Json, onNotification?: (message: Json) => void): Promise<Json> {
    const id = this.nextId++;
    if (onNotification || this.envelope)
      params = { ...params, _meta: { ...this.envelope, ...(onNotification ? { progressToken: id } : {}) } };
    return new Promise((resolve, reject) => {
      const entry: Pending = { resolve, reject, onNotification };
      this.pending.set(id, entry);
      if (onNotification) this.byProgressToken.set(id, entry);
      this.sendMessage({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method: string, params?: Json): void {
    this.sendMessage({ jsonrpc: '2.0', method, ...(params ? { params } : {}) });
  }

  receive(message: Json): void {
    if (message.id === undefined) {
      const token = message.params?.progressToken;
      if (typeof token === 'number') this.byProgressToken.get(token)?.onNotification?.(message);
      return;
    }
    const entry = this.pending.get(message.id);
    if (!entry) return;
    this.pending.delete(message.id);
    this.byProgressToken.delete(message.id);
    if (message.error)
      entry.reject(new Error(`JSON-RPC error ${message.error.code}: ${message.error.message}`));
    else entry.resolve(message.result);
  }

  failAll(error: Error): void {
    for (const entry of this.pending.values()) entry.reject(error);
    this.pending.clear();
  }
}

function benchClientOver(rpc: Pick<RawCorrelator, 'request'>, close: () => Promise<void>): BenchClient {
  return {
    async echo(text) {
      return firstText(await rpc.request('tools/call', { name: 'echo', arguments: { text } }));
    },
    async big() {
      return firstText(await rpc.request('tools/call', { name: 'big', arguments: {} })).length;
    },
    async progress(count) {
      const counter = progressCounter();
      await rpc.request('tools/call', { name: 'progress', arguments: { count } }, counter.onprogress);
      return counter.delivered();
    },
    async listTools() {
      return (await rpc.request('tools/list', {})).tools.length;
    },
    close,
  };
}

const initializeParams = { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: CLIENT_INFO };

/** The per-request `_meta` of 2026-07-28, which replaces the initialize handshake. */
const MODERN_ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': MODERN_PROTOCOL_VERSION,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
};

export async function connectRawStdio(target: StdioTarget, wire: Wire): Promise<BenchClient> {
  const child: ChildProcessWithoutNullStreams = spawn(target.command, target.args, { stdio: 'pipe' });
  const rpc = new RawCorrelator(
    (message) => child.stdin.write(`${JSON.stringify(message)}\n`),
    wire === '2026' ? MODERN_ENVELOPE : undefined,
  );
  child.stdout.setEncoding('utf8');
  child.stdout.on(
    'data',
    lineSplitter((line) => rpc.receive(JSON.parse(line))),
  );
  child.stderr.pipe(process.stderr);
  child.on('exit', (code) => rpc.failAll(new Error(`server process exited with code ${code}`)));
  if (wire === '2025') {
    await rpc.request('initialize', initializeParams);
    rpc.notify('notifications/initialized');
  }
  return benchClientOver(rpc, async () => {
    child.stdin.end();
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
  });
}

/** Parses an SSE body into its `data:` payloads (the raw client reads whole bodies). */
export function sseMessages(body: string): Json[] {
  const messages: Json[] = [];
  for (const event of body.split('\n\n')) {
    const data = event
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n');
    if (data.length > 0) messages.push(JSON.parse(data));
  }
  return messages;
}

export interface RawHttpResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One POST over node:http with a keep-alive agent: the cheapest HTTP client Node has. */
export function postRaw(
  agent: Agent,
  url: URL,
  headers: Record<string, string>,
  body: string,
): Promise<RawHttpResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

export async function connectRawHttp(url: string, wire: Wire): Promise<BenchClient> {
  const target = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  let sessionId: string | undefined;
  const headers = (message?: Json): Record<string, string> => ({
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    // Not on initialize, as clients do: the version is negotiated there (a stateless server
    // restores a request's session from this header, which would make initialize a second one).
    ...(message?.method === 'initialize'
      ? {}
      : { 'mcp-protocol-version': wire === '2026' ? MODERN_PROTOCOL_VERSION : PROTOCOL_VERSION }),
    ...(sessionId ? { 'mcp-session-id': sessionId } : {}),
    // 2026-07-28 (SEP-2243) mirrors the method and the tool name in headers.
    ...(wire === '2026' && message?.method ? { 'mcp-method': message.method } : {}),
    ...(wire === '2026' && typeof message?.params?.name === 'string'
      ? { 'mcp-name': message.params.name }
      : {}),
  });
  const post = async (message: Json): Promise<Json[]> => {
    const response = await postRaw(agent, target, headers(message), JSON.stringify(message));
    if (response.status < 200 || response.status >= 300)
      throw new Error(`HTTP ${response.status} for ${message.method}`);
    const session = response.headers['mcp-session-id'];
    if (typeof session === 'string') sessionId = session;
    if (response.status === 202 || response.body.length === 0) return [];
    return response.headers['content-type']?.startsWith('text/event-stream')
      ? sseMessages(response.body)
      : [JSON.parse(response.body)];
  };
  const rpc = new RawCorrelator(
    (message) => {
      void post(message).then(
        (replies) => {
          for (const reply of replies) rpc.receive(reply);
        },
        (error: Error) => rpc.failAll(error),
      );
    },
    wire === '2026' ? MODERN_ENVELOPE : undefined,
  );
  if (wire === '2025') {
    await rpc.request('initialize', initializeParams);
    await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }
  return benchClientOver(rpc, async () => {
    if (sessionId) await fetch(url, { method: 'DELETE', headers: headers() });
    agent.destroy();
  });
}

export const rawClientFactory: ClientFactory = { connectStdio: connectRawStdio, connectHttp: connectRawHttp };

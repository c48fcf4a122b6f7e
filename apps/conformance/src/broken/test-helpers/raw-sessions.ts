import { type ChildProcess, spawn } from 'node:child_process';
import type { JSONObject, JSONRPCMessage, JSONRPCResponse } from '@mcpkit/protocol';

// Raw JSON-RPC sessions for the rule probes: no SDK in between, so what the fixture sent on the
// wire is exactly what the probes see.

export interface RawSession {
  request(method: string, params?: JSONObject, headers?: Record<string, string>): Promise<JSONRPCResponse>;
  close(): Promise<void>;
}

const INIT_PARAMS = {
  protocolVersion: '2025-11-25',
  capabilities: {},
  clientInfo: { name: 'rule-probe', version: '0.0.0' },
};

/** What a stdio server wrote: whole messages (and how many lines each took) and noise lines. */
export interface StdioTranscript {
  messages: { message: JSONRPCMessage; lines: number }[];
  noise: string[];
}

/** A stdio session that reassembles messages spread over several lines and keeps non-JSON lines as noise. */
export async function openStdioSession(
  argv: readonly string[],
): Promise<RawSession & { transcript: StdioTranscript; child: ChildProcess }> {
  const [program, ...args] = argv;
  const child = spawn(program ?? 'node', args, { stdio: ['pipe', 'pipe', 'ignore'] });
  const transcript: StdioTranscript = { messages: [], noise: [] };
  const waiting = new Map<string | number, (response: JSONRPCResponse) => void>();
  let pending = '';
  let gathered: string[] = [];
  const deliver = (message: JSONRPCMessage, lines: number) => {
    transcript.messages.push({ message, lines });
    if (!('method' in message) && message.id !== null) waiting.get(message.id)?.(message);
  };
  const onLine = (line: string) => {
    if (gathered.length > 0 || line.trim() === '{' || line.trim() === '[') {
      gathered.push(line);
      try {
        const message = JSON.parse(gathered.join('\n')) as JSONRPCMessage;
        deliver(message, gathered.length);
        gathered = [];
      } catch (error) {
        if (!(error instanceof SyntaxError)) throw error;
        // Not yet a whole message: keep gathering lines.
      }
      return;
    }
    try {
      deliver(JSON.parse(line) as JSONRPCMessage, 1);
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      transcript.noise.push(line);
    }
  };
  child.stdout?.setEncoding('utf8').on('data', (text: string) => {
    pending += text;
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (line.trim() !== '') onLine(line);
      newline = pending.indexOf('\n');
    }
  });
  let nextId = 1;
  const session = {
    transcript,
    child,
    request(method: string, params?: JSONObject): Promise<JSONRPCResponse> {
      const id = nextId++;
      return new Promise<JSONRPCResponse>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no answer to ${method} within 10 s`)), 10_000);
        waiting.set(id, (response) => {
          clearTimeout(timer);
          resolve(response);
        });
        child.stdin?.write(
          `${JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) })}\n`,
        );
      });
    },
    async close() {
      child.stdin?.end();
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
  await session.request('initialize', INIT_PARAMS);
  child.stdin?.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  return session;
}

/** Reads a JSON or SSE response body and returns the JSON-RPC response with `id`. */
async function responseFrom(response: Response, id: number): Promise<JSONRPCResponse> {
  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream'))
    return JSON.parse(text) as JSONRPCResponse;
  for (const line of text.split('\n')) {
    if (!line.startsWith('data:') || line.slice(5).trim() === '') continue;
    const message = JSON.parse(line.slice(5)) as JSONRPCMessage;
    if (!('method' in message) && message.id === id) return message;
  }
  throw new Error(`the SSE response holds no answer to request ${id}: ${text.slice(0, 200)}`);
}

let httpId = 1;

/** One raw HTTP POST; returns the status and the JSON-RPC response (when there is one). */
export async function postJson(
  url: string,
  method: string,
  params: JSONObject | undefined,
  headers: Record<string, string> = {},
): Promise<{ status: number; response?: JSONRPCResponse; headers: Headers }> {
  const id = httpId++;
  const reply = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) }),
  });
  if (reply.status === 202 || reply.status >= 400) {
    const body = await reply.text();
    const parsed = body.startsWith('{') ? (JSON.parse(body) as JSONRPCResponse) : undefined;
    return { status: reply.status, headers: reply.headers, ...(parsed ? { response: parsed } : {}) };
  }
  return { status: reply.status, headers: reply.headers, response: await responseFrom(reply, id) };
}

/** A 2026-07-28 request: `_meta` envelope plus the SEP-2243 headers. */
export function request2026(
  url: string,
  method: string,
  params: JSONObject = {},
): Promise<{ status: number; response?: JSONRPCResponse }> {
  const subject = params.name ?? params.uri ?? params.taskId;
  const name = typeof subject === 'string' ? subject : undefined;
  return postJson(
    url,
    method,
    {
      ...params,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
      },
    },
    { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...(name ? { 'mcp-name': name } : {}) },
  );
}

/** A stateful (2025-11-25) HTTP session: initialize, then requests with the session headers. */
export async function openHttpSession(url: string): Promise<RawSession> {
  const init = await postJson(url, 'initialize', INIT_PARAMS);
  const sessionId = init.headers.get('mcp-session-id');
  const headers: Record<string, string> = {
    'mcp-protocol-version': '2025-11-25',
    ...(sessionId ? { 'mcp-session-id': sessionId } : {}),
  };
  await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  return {
    async request(method, params, extra = {}) {
      const { response, status } = await postJson(url, method, params, { ...headers, ...extra });
      if (response === undefined) throw new Error(`${method} got HTTP ${status} without a JSON-RPC response`);
      return response;
    },
    async close() {
      await fetch(url, { method: 'DELETE', headers });
    },
  };
}

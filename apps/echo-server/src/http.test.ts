// Spawns the built CLI with --http on a free port and speaks Streamable HTTP to it with fetch.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

let child: ChildProcess | undefined;
afterEach(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  child = undefined;
});

/** Starts `mcpkit-echo --http --port 0` and returns the endpoint URL from its banner. */
async function startHttpServer(): Promise<URL> {
  child = spawn(process.execPath, [BIN, '--http', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner within 10 s; stderr: ${stderr}`)), 10_000);
    child!.stderr!.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
      const match = /(http:\/\/\S+\/mcp)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(new URL(match[1]!));
      }
    });
    child!.once('exit', (code) => reject(new Error(`exited with ${code}; stderr: ${stderr}`)));
  });
}

async function post(url: URL, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify(body),
  });
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  // A response may come as JSON or as one SSE event; both carry the same JSON-RPC message.
  const json = type.includes('text/event-stream')
    ? JSON.parse(/^data: (.*)$/m.exec(text)?.[1] ?? 'null')
    : text
      ? JSON.parse(text)
      : undefined;
  return { status: response.status, headers: response.headers, json };
}

describe('mcpkit-echo --http', () => {
  it('serves initialize and tools/call over Streamable HTTP', async () => {
    const url = await startHttpServer();
    const init = await post(url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'fetch', version: '1' },
      },
    });
    expect(init.status).toBe(200);
    expect(init.json).toMatchObject({ id: 1, result: { serverInfo: { name: 'mcpkit-echo' } } });
    const sessionId = init.headers.get('mcp-session-id');
    expect(sessionId).toBeTruthy();
    const session = { 'mcp-session-id': sessionId!, 'mcp-protocol-version': '2025-11-25' };
    const initialized = await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, session);
    expect(initialized.status).toBe(202);
    const call = await post(
      url,
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'echo', arguments: { message: 'over http' } },
      },
      session,
    );
    expect(call.json).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { content: [{ type: 'text', text: 'over http' }] },
    });
  });
});

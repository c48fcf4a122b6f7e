// An HTTP server process killed while its answer streams over SSE: the pending call must fail with
// the network cause (ECONNREFUSED) in its message and cause chain, after one refused reconnection
// instead of the whole reconnection schedule (issue 15). Resumption after a stream cut by a live
// server is covered by sse-resumption.test.ts.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { McpClient } from '@mcpkit/client';
import { JsonRpcError } from '@mcpkit/jsonrpc';
import { ErrorCode } from '@mcpkit/protocol';
import { findHttpTransportError, StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { afterEach, describe, expect, it } from 'vitest';
import { killed } from './fixture-process.js';

const SCRIPT = fileURLToPath(new URL('./fixtures/dying-server.mjs', import.meta.url));
const children: ChildProcess[] = [];
const clients: McpClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(children.splice(0).map(killed));
});

async function startServer(): Promise<{ child: ChildProcess; url: URL }> {
  const child = spawn(process.execPath, [SCRIPT, 'http', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  child.stdout!.setEncoding('utf8');
  let text = '';
  while (!text.includes('\n')) {
    const [chunk] = (await Promise.race([once(child.stdout!, 'data'), once(child, 'exit')])) as [unknown];
    if (typeof chunk !== 'string') throw new Error(`the server exited (${String(chunk)}) before listening`);
    text += chunk;
  }
  return { child, url: new URL('/mcp', text.trim()) };
}

/** The codes of `error` and of every error in its cause chain. */
function causeCodes(error: unknown): unknown[] {
  const codes: unknown[] = [];
  for (let current = error; current instanceof Error; current = current.cause as Error) {
    codes.push((current as { code?: unknown }).code);
    for (const inner of (current as { errors?: unknown[] }).errors ?? [])
      codes.push((inner as { code?: unknown }).code);
  }
  return codes;
}

/** Starts a call whose answer streams, kills the server, and returns the call's error and the GETs after the kill. */
async function callThenKill(options: { standaloneStream?: boolean } = {}) {
  const { child, url } = await startServer();
  const gets: string[] = [];
  const transport = new StreamableHttpClientTransport(url, {
    ...options,
    middleware: [
      (next) => (input, init) => {
        if (init?.method === 'GET') gets.push(init.headers?.['last-event-id'] ?? '(none)');
        return next(input, init);
      },
    ],
  });
  const client = new McpClient({ name: 'dying-peer', version: '0.0.0' });
  clients.push(client);
  await client.connect(transport);
  const logged = new Promise<void>((resolve) => client.setLogMessageHandler(() => resolve()));
  const call = client.callTool({ name: 'wait', arguments: { ms: 60_000 } }).then(
    () => new Error('the call answered although its server was killed'),
    (error: unknown) => error,
  );
  await logged; // the answer is an open SSE stream now
  const getsBefore = gets.length;
  await killed(child);
  const error = (await call) as JsonRpcError;
  return { error, getsAfterKill: gets.slice(getsBefore) };
}

function expectRefusedCause(error: JsonRpcError): void {
  expect(error).toBeInstanceOf(JsonRpcError);
  expect(error.code).toBe(ErrorCode.ConnectionClosed);
  expect(error.message).toMatch(
    /^the SSE stream of request \d+ broke and was given up after 1 failed attempt: GET .* failed: .*ECONNREFUSED/,
  );
  expect(findHttpTransportError(error.cause, 'STREAM_INTERRUPTED')).toBeDefined();
  expect(causeCodes(error)).toContain('ECONNREFUSED');
}

describe('an HTTP server killed while its answer streams', () => {
  it('fails the call with the network cause (ECONNREFUSED) in its message and cause chain', async () => {
    const { error } = await callThenKill();
    expectRefusedCause(error);
  });

  it('stops reconnecting after the first refused reconnection', async () => {
    // Without the standalone GET stream, every GET after the kill is the call's stream reconnecting.
    const { error, getsAfterKill } = await callThenKill({ standaloneStream: false });
    expectRefusedCause(error);
    expect(getsAfterKill).toHaveLength(1);
  });
});

// JSON-RPC batches (2025-03-26) against real server processes, over stdio and over HTTP on
// 127.0.0.1 (issue 15, item 2). A batch is bounded before any of it runs, a batch reusing a request
// id is refused with one answer, and a long permitted batch is answered in full, as one array,
// while the server's event loop keeps running (its timers fire, other sessions are served).
// No wall-clock bounds: the evidence is what the server observed while handling the batch.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('./fixtures/batch-server.mjs', import.meta.url));
const VERSION = '2025-03-26';
/** The body: 90,000 pings, about 4 MB, just under the default maxBodyBytes of 4 MiB. */
const PINGS = 90_000;
/**
 * A permitted long batch: 40,000 calls of the fixture's `count` tool (3.6 MB). Before the fix all
 * but 1,024 of them were refused (maxInFlightRequests), and those 1,024 ran in one stretch.
 */
const CALLS = 40_000;

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

const ping = (id: number | string) => ({ jsonrpc: '2.0', id, method: 'ping' });
const pings = (count: number) => Array.from({ length: count }, (_, index) => ping(index));
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 'init',
  method: 'initialize',
  params: { protocolVersion: VERSION, capabilities: {}, clientInfo: { name: 'batches', version: '0' } },
};
const count = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'count', arguments: {} },
});
const STATS = { jsonrpc: '2.0', id: 'stats', method: 'tools/call', params: { name: 'stats', arguments: {} } };

interface Answer {
  id: unknown;
  result?: { content?: Array<{ text: string }> };
  error?: { code: number; message: string };
}

/** The fixture's `stats`: calls of `count` so far, and timer ticks between the first and latest. */
function statsOf(answer: Answer): { handled: number; ticksMeanwhile: number } {
  return JSON.parse(answer.result!.content![0]!.text) as { handled: number; ticksMeanwhile: number };
}

function expectAllCounted(answers: Answer[]): void {
  expect(answers).toHaveLength(CALLS);
  const refused = answers.filter((answer) => answer.error !== undefined);
  expect(refused.slice(0, 2), `${refused.length} of ${CALLS} calls refused`).toEqual([]);
  expect(new Set(answers.map((answer) => answer.id)).size).toBe(CALLS);
}

/** A stdio server process and its output as parsed lines. */
function startStdio(maxBatchSize?: number) {
  const args = [SCRIPT, 'stdio', ...(maxBatchSize === undefined ? [] : [String(maxBatchSize)])];
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  children.push(child);
  child.stdout!.setEncoding('utf8');
  let buffered = '';
  const lines: unknown[] = [];
  child.stdout!.on('data', (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      lines.push(JSON.parse(buffered.slice(0, end)));
      buffered = buffered.slice(end + 1);
    }
  });
  const write = (message: unknown) => child.stdin!.write(`${JSON.stringify(message)}\n`);
  /** Waits for the line count to reach `count`, then a little longer to catch extra lines. */
  const linesAfter = async (count: number, timeoutMs = 30_000): Promise<unknown[]> => {
    const deadline = Date.now() + timeoutMs;
    while (lines.length < count) {
      if (Date.now() > deadline)
        throw new Error(`only ${lines.length} of ${count} lines within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    return lines.splice(0);
  };
  return { write, linesAfter };
}

async function initializedStdio(maxBatchSize?: number) {
  const server = startStdio(maxBatchSize);
  server.write(INITIALIZE);
  await server.linesAfter(1);
  server.write({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return server;
}

describe('batches over stdio (a real server process)', () => {
  it('refuses a batch over the default limit of 1 000 with one answer and goes on', async () => {
    const server = await initializedStdio();
    server.write(pings(1001));
    server.write(ping('after'));
    expect(await server.linesAfter(2)).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message: 'Invalid request: a batch of 1001 messages is over the limit of 1000 (maxBatchSize)',
        },
      },
      { jsonrpc: '2.0', id: 'after', result: {} },
    ]);
  }, 30_000);

  it('answers a batch reusing one id with one line, not a line per copy', async () => {
    const server = await initializedStdio();
    server.write(Array.from({ length: 1000 }, () => ping(7)));
    server.write(ping('after'));
    expect(await server.linesAfter(2)).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message: 'Invalid request at $[1].id: duplicate id 7 in this batch (first at $[0])',
        },
      },
      { jsonrpc: '2.0', id: 'after', result: {} },
    ]);
  }, 30_000);

  it(`answers a permitted batch of ${CALLS} calls in one array, the event loop running meanwhile`, async () => {
    const server = await initializedStdio(CALLS);
    server.write(Array.from({ length: CALLS }, (_, index) => count(index)));
    const [answers] = (await server.linesAfter(1, 120_000)) as [Answer[]];
    expectAllCounted(answers);
    server.write(STATS);
    const [stats] = (await server.linesAfter(1)) as [Answer];
    // The timer fired between the batch's first and last call: it was not one blocking stretch.
    expect(statsOf(stats).handled).toBe(CALLS);
    expect(statsOf(stats).ticksMeanwhile).toBeGreaterThan(0);
  }, 150_000);
});

/** An HTTP server process on 127.0.0.1 and a raw client for its 2025-03-26 sessions. */
async function startHttp(maxBatchSize?: number) {
  const args = [SCRIPT, 'http', ...(maxBatchSize === undefined ? [] : [String(maxBatchSize)])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  child.stdout!.setEncoding('utf8');
  const [printed] = (await once(child.stdout!, 'data')) as [string];
  const endpoint = new URL('/mcp', printed.trim());
  const post = (body: unknown, sessionId?: string) =>
    fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': VERSION,
        ...(sessionId === undefined ? {} : { 'mcp-session-id': sessionId }),
      },
      body: JSON.stringify(body),
    });
  const openSession = async (): Promise<string> => {
    const response = await post(INITIALIZE);
    const sessionId = response.headers.get('mcp-session-id');
    expect(response.status, await response.text()).toBe(200);
    await (await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, sessionId!)).text();
    return sessionId!;
  };
  return { post, openSession };
}

describe('batches over HTTP (serve() on 127.0.0.1)', () => {
  it(`refuses the ${PINGS}-ping body at once with 400 and one -32600, running none of it`, async () => {
    const server = await startHttp();
    const sessionId = await server.openSession();
    const response = await server.post(pings(PINGS), sessionId);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32600,
        message: `Invalid request: a batch of ${PINGS} messages is over the limit of 1000 (maxBatchSize)`,
      },
    });
    const after = await server.post(ping('after'), sessionId);
    expect(await after.json()).toEqual({ jsonrpc: '2.0', id: 'after', result: {} });
  }, 30_000);

  it('refuses a batch reusing one id with one answer', async () => {
    const server = await startHttp();
    const sessionId = await server.openSession();
    const response = await server.post(
      Array.from({ length: 1000 }, () => ping(7)),
      sessionId,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32600,
        message: 'Invalid request at $[1].id: duplicate id 7 in this batch (first at $[0])',
      },
    });
  }, 30_000);

  it(`answers a permitted batch of ${CALLS} calls in full while another session is served`, async () => {
    const server = await startHttp(CALLS);
    const big = await server.openSession();
    const other = await server.openSession();
    let batchDone = false;
    const batch = server
      .post(
        Array.from({ length: CALLS }, (_, index) => count(index)),
        big,
      )
      .then(async (response) => {
        const answers = (await response.json()) as Answer[];
        batchDone = true;
        return answers;
      });
    // The other session asks how far the batch got, again and again, until the batch is answered.
    const seenMidway = new Set<number>();
    while (!batchDone) {
      const { handled } = statsOf((await (await server.post(STATS, other)).json()) as Answer);
      if (handled > 0 && handled < CALLS) seenMidway.add(handled);
    }
    expectAllCounted(await batch);
    // Served at two different points in the middle of the batch: it did not run in one stretch.
    expect(seenMidway.size, `counts seen midway: ${[...seenMidway].join(', ')}`).toBeGreaterThanOrEqual(2);
    const stats = statsOf((await (await server.post(STATS, other)).json()) as Answer);
    expect(stats.handled).toBe(CALLS);
    expect(stats.ticksMeanwhile).toBeGreaterThan(0);
  }, 150_000);
});

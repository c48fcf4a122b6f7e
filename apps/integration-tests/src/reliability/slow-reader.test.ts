// A client that stops reading must not make the server hold an unbounded backlog: over stdio the
// write queue is bounded (sends fail with WRITE_QUEUE_FULL), over SSE the per-connection buffer is
// (the connection is cut and onerror says why). The fixture floods 64 MiB of log messages at such a
// client and reports, after a forced GC, how much memory it kept.
import { type ChildProcess, spawn } from 'node:child_process';
import { type IncomingMessage, request } from 'node:http';
import { McpClient } from '@mcpkit/client';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_SCRIPT, killed, StderrLines, spawnHttpServer } from './fixture-process.js';
import { INITIALIZE, postHeaders } from './helpers.js';

const MiB = 1024 * 1024;
const FLOOD = { count: 1024, bytes: 64 * 1024 };
const children: ChildProcess[] = [];
afterEach(async () => {
  await Promise.all(children.splice(0).map(killed));
});

interface FloodReport {
  attempted: number;
  failed: number;
  firstError?: { code?: string; message: string };
  retainedGrowth: number;
}

const line = (message: object) => `${JSON.stringify(message)}\n`;
const floodCall = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'flood', arguments: FLOOD },
});

describe('a stalled stdio reader', () => {
  it('bounds the write queue: sends fail with WRITE_QUEUE_FULL, memory stays flat, and serving resumes once the client reads', async () => {
    const child = spawn(process.execPath, ['--expose-gc', FIXTURE_SCRIPT, 'stdio', String(8 * MiB)], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    children.push(child);
    const stderr = new StderrLines(child);
    // Nothing reads child.stdout until the flood is over: the pipe fills and the server must queue.
    child.stdout!.pause();
    child.stdin!.write(line(INITIALIZE));
    child.stdin!.write(line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    child.stdin!.write(
      line({ jsonrpc: '2.0', id: 1, method: 'logging/setLevel', params: { level: 'info' } }),
    );
    child.stdin!.write(line(floodCall(2)));

    const report = JSON.parse(await stderr.waitFor('FLOOD ')) as FloodReport;
    expect(report.failed).toBeGreaterThan(FLOOD.count / 2);
    expect(report.firstError?.code).toBe('WRITE_QUEUE_FULL');
    expect(report.firstError?.message).toMatch(/maxPendingWriteBytes = 8388608/);
    expect(report.retainedGrowth, `kept ${report.retainedGrowth} bytes`).toBeLessThan(24 * MiB);

    // Once the client reads again, the queued messages drain and the server answers new requests.
    let output = '';
    child.stdout!.setEncoding('utf8');
    const answered = new Promise<string>((resolve) => {
      child.stdout!.on('data', (chunk: string) => {
        output += chunk;
        const answer = output.split('\n').find((text) => text.includes('"id":"after"'));
        if (answer !== undefined) resolve(answer);
      });
    });
    child.stdout!.resume();
    child.stdin!.write(
      line({
        jsonrpc: '2.0',
        id: 'after',
        method: 'tools/call',
        params: { name: 'echo', arguments: { message: 'still here' } },
      }),
    );
    expect(JSON.parse(await answered)).toMatchObject({
      id: 'after',
      result: { content: [{ text: 'still here' }] },
    });
  }, 30_000);
});

describe('a stalled SSE reader', () => {
  it('cuts the connection at maxSseBufferBytes (default 4 MiB), says why, keeps memory flat and keeps serving', async () => {
    const { child, url } = await spawnHttpServer(0, { nodeArgs: ['--expose-gc'], captureStderr: true });
    children.push(child);
    const stderr = new StderrLines(child);
    const initialized = await fetch(url, {
      method: 'POST',
      headers: postHeaders(),
      body: JSON.stringify(INITIALIZE),
    });
    const sessionId = initialized.headers.get('mcp-session-id')!;
    expect(initialized.status).toBe(200);
    await initialized.body?.cancel();
    for (const message of [
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 1, method: 'logging/setLevel', params: { level: 'info' } },
    ]) {
      const response = await fetch(url, {
        method: 'POST',
        headers: postHeaders(sessionId),
        body: JSON.stringify(message),
      });
      expect(response.ok).toBe(true);
      await response.body?.cancel();
    }

    // The flood's SSE response is received and then not read until the server gave up on it.
    const flood = await new Promise<IncomingMessage>((resolve, reject) => {
      const outgoing = request(url, { method: 'POST', headers: postHeaders(sessionId) }, resolve);
      outgoing.on('error', reject);
      outgoing.end(JSON.stringify(floodCall(2)));
    });
    expect(flood.statusCode).toBe(200);
    expect(flood.headers['content-type']).toBe('text/event-stream');
    flood.pause();
    flood.socket.pause();
    // Listened for from here on: the server may cut the connection (and the response close) before
    // the test reads its log line.
    const ended = new Promise<void>((resolve) => {
      flood.once('close', resolve);
      flood.once('error', () => resolve());
    });

    const overflow = await stderr.waitFor('SERVER ERROR SSE client is not reading');
    expect(overflow).toMatch(/maxSseBufferBytes = 4194304/);
    // Reading again shows the stream was cut: it ends (or breaks) without the flood's response.
    let received = '';
    flood.setEncoding('utf8');
    flood.on('data', (chunk: string) => {
      received += chunk;
    });
    flood.socket.resume();
    flood.resume();
    await ended;
    expect(received).not.toContain('"id":2');
    const report = JSON.parse(await stderr.waitFor('FLOOD ')) as FloodReport;
    expect(report.retainedGrowth, `kept ${report.retainedGrowth} bytes`).toBeLessThan(24 * MiB);

    const client = new McpClient({ name: 'after-the-flood', version: '0.0.0' });
    await client.connect(new StreamableHttpClientTransport(url));
    expect((await client.callTool({ name: 'echo', arguments: { message: 'still here' } })).content).toEqual([
      { type: 'text', text: 'still here' },
    ]);
    await client.close();
  }, 30_000);
});

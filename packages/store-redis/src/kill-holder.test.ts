// kill -9 of the process holding a call's SSE stream, mid-call (issue 19): the client resumes
// through another process with Last-Event-ID. Two node processes share a real redis-server; the
// client talks to A until A is killed, then to B. An idempotent tool runs again on B, and the client
// gets every progress event and the result exactly once, in order; any other tool's call fails with
// an error naming the stopped instance, never a wait.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { McpClient } from '@mcpkit/client';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { afterEach, describe, expect, it } from 'vitest';
import { until, useRedis } from './test-helpers/fixtures.js';

const SCRIPT = fileURLToPath(new URL('../fixtures/resume-server.mjs', import.meta.url));
const redis = useRedis();
const children: ChildProcess[] = [];
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

interface Process {
  child: ChildProcess;
  url: URL;
  stderr: () => string;
}

async function start(instanceId: string, keyPrefix: string): Promise<Process> {
  const child = spawn(process.execPath, [SCRIPT, redis.server.url, instanceId, '0', keyPrefix], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  child.stdout!.setEncoding('utf8');
  let text = '';
  while (!text.includes('\n')) {
    const [chunk] = (await Promise.race([once(child.stdout!, 'data'), once(child, 'exit')])) as [unknown];
    if (typeof chunk !== 'string')
      throw new Error(`${instanceId} exited (${String(chunk)}) before listening: ${stderr}`);
    text += chunk;
  }
  return { child, url: new URL('/mcp', text.trim()), stderr: () => stderr };
}

/** A client whose requests go to `target.url`, switchable mid-call (a load balancer's view). */
async function connect(first: URL): Promise<{ client: McpClient; target: { url: URL } }> {
  const target = { url: first };
  const client = new McpClient({ name: 'resumer', version: '0.0.0' });
  await client.connect(
    new StreamableHttpClientTransport(first, {
      fetch: (_input, init) => fetch(target.url, init),
      reconnection: { maxRetries: 5, initialDelayMs: 200 },
    }),
  );
  cleanups.push(() => client.close());
  return { client, target };
}

const COUNT = 10;

describe('kill -9 of the process holding a call stream, mid-call', () => {
  it('an idempotent tool runs again on B: every progress event and the result once, in order', async () => {
    const [a, b] = await Promise.all([start('A', 'kill1:'), start('B', 'kill1:')]);
    const { client, target } = await connect(a.url);
    const progress: number[] = [];
    const call = client.callTool(
      { name: 'steps', arguments: { count: COUNT, ms: 150 } },
      { onprogress: (p) => progress.push(p.progress) },
    );
    await until(() => progress.length >= 3, 'three progress events from A');
    target.url = b.url;
    a.child.kill('SIGKILL');
    const result = await call;
    expect(result.content).toEqual([{ type: 'text', text: 'done on B' }]);
    expect(progress).toEqual(Array.from({ length: COUNT }, (_, i) => i + 1));
    expect(a.stderr()).toContain('call steps on A');
    expect(b.stderr()).toContain('call steps on B');
  });

  it('a tool not marked idempotent is not run again: its call fails naming the stopped instance', async () => {
    const [a, b] = await Promise.all([start('A', 'kill2:'), start('B', 'kill2:')]);
    const { client, target } = await connect(a.url);
    const progress: number[] = [];
    const call = client.callTool(
      { name: 'steps-once', arguments: { count: COUNT, ms: 150 } },
      { onprogress: (p) => progress.push(p.progress) },
    );
    await until(() => progress.length >= 3, 'three progress events from A');
    target.url = b.url;
    a.child.kill('SIGKILL');
    await expect(call).rejects.toThrow(
      /the process running request \S+ stopped \(instance A\) and tools\/call steps-once is not marked idempotent, so it was not run again/,
    );
    expect(b.stderr()).not.toContain('call steps-once on B');
    // Every progress event A stored before it died arrived once, in order.
    expect(progress).toEqual(Array.from({ length: progress.length }, (_, i) => i + 1));
  });
});

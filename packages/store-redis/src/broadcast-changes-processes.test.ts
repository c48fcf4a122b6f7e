// Real processes: two servers (A and B, test-helpers/change-server.mjs) share a real Redis and
// broadcast their changes. A client holds its stream on B (2026-07-28 subscriptions/listen, or a
// 2025-11-25 GET stream with resources/subscribe); another client's tool calls on A change a note
// and the tool list. Each change reaches the client on B exactly once.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { McpClient } from '@mcpkit/client';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { afterEach, describe, expect, it } from 'vitest';
import { until, useRedis } from './test-helpers/fixtures.js';

const redis = useRedis();
const SCRIPT = fileURLToPath(new URL('./test-helpers/change-server.mjs', import.meta.url));
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
let cluster = 0;

interface ServerProcess {
  url: URL;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
}

async function startServer(keyPrefix: string, name: string): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, [SCRIPT, redis.server.url, keyPrefix, name], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exit = once(child, 'exit');
    child.kill('SIGKILL');
    await exit;
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    stderr += chunk;
  });
  child.stdout!.setEncoding('utf8');
  let stdout = '';
  while (!stdout.includes('\n')) {
    const [chunk] = (await Promise.race([once(child.stdout!, 'data'), once(child, 'exit')])) as [
      string | number,
    ];
    if (typeof chunk !== 'string')
      throw new Error(`server ${name} exited (${chunk}) before listening: ${stderr}`);
    stdout += chunk;
  }
  return { url: new URL(stdout.trim()), stderr: () => stderr };
}

async function pair(): Promise<[ServerProcess, ServerProcess]> {
  const prefix = `procs${++cluster}:`;
  return Promise.all([startServer(prefix, 'A'), startServer(prefix, 'B')]);
}

/** A client of `server` that counts the notes updated and the tool list changes it hears. */
async function watcher(server: ServerProcess, protocolVersion?: string) {
  const heard = { updates: [] as string[], toolLists: 0 };
  const client = new McpClient(
    { name: 'watcher', version: '0.0.0' },
    {
      ...(protocolVersion ? { protocolVersion } : {}),
      listChanged: { tools: { autoRefresh: false, onChanged: () => void heard.toolLists++ } },
    },
  );
  const transport = new StreamableHttpClientTransport(server.url);
  await client.connect(transport);
  cleanups.push(() => client.close());
  for (const uri of ['note://1', 'note://2']) {
    await client.subscribeResource(uri, (update) => void heard.updates.push(update.uri));
  }
  return { client, transport, heard };
}

async function actor(server: ServerProcess) {
  const client = new McpClient({ name: 'actor', version: '0.0.0' });
  await client.connect(new StreamableHttpClientTransport(server.url));
  cleanups.push(() => client.close());
  return client;
}

/** A's changes, then a last one (note 2): what came before it on B's stream has all arrived. */
async function changeOnA(a: ServerProcess, heard: { updates: string[]; toolLists: number }) {
  const client = await actor(a);
  await client.callTool({ name: 'touch1', arguments: {} });
  await client.callTool({ name: 'announce', arguments: {} });
  await client.callTool({ name: 'touch2', arguments: {} });
  await until(() => heard.updates.includes('note://2'), 'the update of note 2 on B');
  await until(() => heard.toolLists > 0, 'the tool list change on B');
  expect(heard).toEqual({ updates: ['note://1', 'note://2'], toolLists: 1 });
}

describe('broadcastChanges between server processes sharing Redis', () => {
  it('2026-07-28: the subscriptions/listen stream held by B hears tool calls on A once', async () => {
    const [a, b] = await pair();
    const { heard } = await watcher(b);
    // The listen stream is open once B acknowledged it; subscribeResource resolved after that.
    await changeOnA(a, heard);
    expect(a.stderr() + b.stderr()).not.toMatch(/error/);
  });

  it('2025-11-25: the GET stream held by B hears tool calls on A once', async () => {
    const [a, b] = await pair();
    const { heard, transport } = await watcher(b, '2025-11-25');
    await until(() => b.stderr().includes(`stream ${transport.sessionId}`), 'the GET stream on B');
    await changeOnA(a, heard);
    expect(a.stderr() + b.stderr()).not.toMatch(/error/);
  });
});

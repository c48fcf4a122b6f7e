// One echo server, both protocol eras: 2026-07-28 (stateless) and 2025-11-25 (sessions) clients at once.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { McpClient } from '@mcpkit/client';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { StdioClientTransport } from '@mcpkit/transport-stdio';
import { afterEach, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

const cleanups: Array<() => Promise<void>> = [];
let child: ChildProcess | undefined;
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  child = undefined;
});

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

function client(protocolVersion?: string): McpClient {
  const created = new McpClient(
    { name: `eras-${protocolVersion ?? 'default'}`, version: '1.0.0' },
    protocolVersion ? { protocolVersion } : {},
  );
  cleanups.push(() => created.close());
  return created;
}

const text = (result: { content: unknown[] }) => (result.content[0] as { text?: string }).text;

describe('mcpkit-echo serves 2026-07-28 beside the older revisions', () => {
  it('over HTTP, a 2025-11-25 session and a 2026-07-28 client on one URL, calls interleaved', async () => {
    const url = await startHttpServer();
    const legacy = client('2025-11-25');
    const modern = client();
    await legacy.connect(new StreamableHttpClientTransport(url));
    await modern.connect(new StreamableHttpClientTransport(url));
    expect(legacy.protocolVersion).toBe('2025-11-25');
    expect(modern.protocolVersion).toBe('2026-07-28');
    const calls = Array.from({ length: 20 }, (_, i) => {
      const who = i % 2 === 0 ? legacy : modern;
      const message = `${i % 2 === 0 ? 'legacy' : 'modern'}-${i}`;
      return who.callTool({ name: 'echo', arguments: { message } }).then((result) => [message, text(result)]);
    });
    for (const [sent, received] of await Promise.all(calls)) expect(received).toBe(sent);
    const read = await modern.readResource({ uri: 'echo://stateless' });
    expect(read.contents[0]).toMatchObject({ uri: 'echo://stateless', text: 'stateless' });
    const prompt = await legacy.getPrompt({ name: 'echo', arguments: { message: 'hello' } });
    expect(prompt.messages[0]?.content).toEqual({ type: 'text', text: 'hello' });
  });

  it('over stdio, answers a 2026-07-28 client without initialize', async () => {
    const modern = client('2026-07-28');
    await modern.connect(
      new StdioClientTransport({ command: process.execPath, args: [BIN, '--stdio', '--quiet'] }),
    );
    expect(modern.protocolVersion).toBe('2026-07-28');
    expect(modern.serverInfo).toMatchObject({ name: 'mcpkit-echo' });
    const tools = await modern.listAllTools();
    expect(tools.map((tool) => tool.name)).toEqual(['echo']);
    expect(text(await modern.callTool({ name: 'echo', arguments: { message: 'no session' } }))).toBe(
      'no session',
    );
  });
});

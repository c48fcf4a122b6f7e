// Every example in src/, run from its build (dist/) as a real process on 127.0.0.1 or stdio, and
// driven by our own client: the results asserted are the ones the example's header promises.
import { fileURLToPath } from 'node:url';
import { McpClient } from '@mcpkit/client';
import { type FetchMiddleware, StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { StdioClientTransport } from '@mcpkit/transport-stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { exitOf, run, startHttpServer, stopAll } from './processes.js';

const script = (name: string) => fileURLToPath(new URL(`../dist/${name}.js`, import.meta.url));
const clientInfo = { name: 'examples-test', version: '1.0.0' };
const clients: McpClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await stopAll();
});

async function connected(transport: StreamableHttpClientTransport | StdioClientTransport, options = {}) {
  const client = new McpClient(clientInfo, options);
  clients.push(client);
  await client.connect(transport);
  return client;
}

/** What every server built on demo-server.ts answers. */
async function expectDemoServer(client: McpClient): Promise<void> {
  expect(client.serverInfo).toMatchObject({ name: 'demo', version: '1.0.0' });
  expect((await client.listAllTools()).map((tool) => tool.name)).toEqual(['echo', 'add']);
  expect(await client.callTool({ name: 'echo', arguments: { message: 'hi' } })).toMatchObject({
    content: [{ type: 'text', text: 'Echo: hi' }],
  });
  expect((await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } })).structuredContent).toEqual({
    sum: 5,
  });
  expect(await client.readResource({ uri: 'greeting://Ada' })).toMatchObject({
    contents: [{ uri: 'greeting://Ada', text: 'Hello, Ada!' }],
  });
  const prompt = await client.getPrompt({ name: 'review', arguments: { code: 'x = 1' } });
  expect(prompt.messages[0]?.content).toEqual({ type: 'text', text: 'Please review this code:\n\nx = 1' });
}

describe('stdio', () => {
  it('stdio-server.ts serves the demo server to a client that starts it', async () => {
    const client = await connected(
      new StdioClientTransport({ command: process.execPath, args: [script('stdio-server')] }),
    );
    await expectDemoServer(client);
  });

  it('client-cli.ts starts the stdio server, lists its tools and calls one', async () => {
    const { code, output } = await run([
      script('client-cli'),
      'echo',
      '{"message":"hi"}',
      '--',
      process.execPath,
      script('stdio-server'),
    ]);
    expect(output).toContain('server: demo 1.0.0 (protocol 2025-11-25)\ntools: echo, add\nEcho: hi\n');
    expect(code).toBe(0);
  });
});

describe('HTTP servers', () => {
  it.each(['http-server', 'http-express', 'http-fastify', 'http-hono', 'http-koa'])(
    '%s.ts serves the demo server on 127.0.0.1 and exits on SIGTERM',
    async (name) => {
      const server = await startHttpServer([script(name)]);
      const client = await connected(new StreamableHttpClientTransport(server.url));
      await expectDemoServer(client);
      await client.close();
      server.child.kill('SIGTERM');
      expect(await exitOf(server)).toBe(0);
    },
  );

  it('client-cli.ts calls a tool over HTTP', async () => {
    const server = await startHttpServer([script('http-server')]);
    const { code, output } = await run([
      script('client-cli'),
      '--url',
      server.url.href,
      'add',
      '{"a":2,"b":3}',
    ]);
    expect(output).toContain('tools: echo, add\n{"sum":5}\n');
    expect(code).toBe(0);
  });

  it('client-cli.ts says what is missing when given no server', async () => {
    const { code, output } = await run([script('client-cli'), 'echo']);
    expect(code).not.toBe(0);
    expect(output).toContain('say where the server is: --url URL, or -- COMMAND ARGS...');
  });
});

describe('2026-07-28 stateless server', () => {
  it('serves a default client statelessly and asks its question as input_required', async () => {
    const server = await startHttpServer([script('stateless-server')]);
    const questions: string[] = [];
    const client = await connected(new StreamableHttpClientTransport(server.url), {
      elicitation: async (params: { message: string }) => {
        questions.push(params.message);
        return { action: 'accept' as const, content: { confirm: true } };
      },
    });
    expect(client.protocolVersion).toBe('2026-07-28');
    expect(client.serverInfo?.name).toBe('stateless-demo');
    expect(await client.callTool({ name: 'echo', arguments: { message: 'hi' } })).toMatchObject({
      content: [{ type: 'text', text: 'Echo: hi' }],
    });
    expect(await client.callTool({ name: 'delete_file', arguments: { path: '/tmp/a' } })).toMatchObject({
      content: [{ type: 'text', text: 'Deleted /tmp/a' }],
    });
    expect(questions).toEqual(['Really delete /tmp/a?']);
  });
});

describe('resumable streams', () => {
  it('the client resumes the call with Last-Event-ID after the server closed its stream', async () => {
    const server = await startHttpServer([script('resumable-streams')]);
    const resumedWith: string[] = [];
    const spy: FetchMiddleware = (next) => async (url, init) => {
      const lastEventId = new Headers(init?.headers as HeadersInit | undefined).get('last-event-id');
      if (init?.method === 'GET' && lastEventId) resumedWith.push(lastEventId);
      return next(url, init);
    };
    const client = await connected(new StreamableHttpClientTransport(server.url, { middleware: [spy] }), {
      protocolVersion: '2025-11-25',
    });
    const progress: number[] = [];
    const result = await client.callTool(
      { name: 'long_job', arguments: { steps: 4 } },
      { onprogress: ({ progress: step }) => void progress.push(step) },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'Done after 4 steps' }]);
    expect(progress).toEqual([1, 2, 3, 4]);
    expect(resumedWith.length).toBeGreaterThanOrEqual(1);
  });
});

describe('clients answering the server', () => {
  it('tasks-client.ts runs a tool as a 2025-11-25 task and through the 2026-07-28 extension', async () => {
    const { code, output } = await run([script('tasks-client')]);
    expect(output).toMatch(/2025-11-25 task \S+ is working\n/);
    expect(output).toContain('2025-11-25 task result: Counted to 5\n');
    expect(output).toContain('2026-07-28 task result: Counted to 3\n');
    expect(code).toBe(0);
  });

  it('elicitation-client.ts answers the form the server asks for', async () => {
    const { code, output } = await run([script('elicitation-client')]);
    expect(output).toContain('server asks: Booking at Chez Nous: when, and for how many?\n');
    expect(output).toContain('Booked Chez Nous on 2026-08-01 for 4\n');
    expect(code).toBe(0);
  });

  it('sampling-client.ts lends its model to the server', async () => {
    const { code, output } = await run([script('sampling-client')]);
    expect(output).toContain('Summary by first-sentence-1: MCP connects models to tools\n');
    expect(code).toBe(0);
  });
});

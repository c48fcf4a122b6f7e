// Dual era on one server code base: a 2026-07-28 client (ours, probing by default) and a 2025-era
// client (the official v1 SDK) against the full-feature server at the same time, over stdio (two
// processes of the same server) and over HTTP (one endpoint), with calls interleaved. Sampling,
// elicitation and roots must work in both eras: input_required rounds for 2026, real
// server-to-client requests for 2025.
import { join } from 'node:path';
import { McpClient } from '@mcpkit/client';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { StdioClientTransport } from '@mcpkit/transport-stdio';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { createFullFeatureServer } from '../full-feature/server.js';
import { repoRoot } from '../workspace/repo.js';

const serverBin = join(repoRoot, 'apps/integration-tests/dist/full-feature/main.js');
const ROOTS = [{ uri: 'file:///era/root', name: 'root' }];

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** Our client, answering sampling, elicitation and roots with the era it speaks in the answer. */
function ourClient(protocolVersion?: string): McpClient {
  const client = new McpClient(
    { name: 'ours', version: '1.0.0' },
    {
      ...(protocolVersion ? { protocolVersion } : {}),
      sampling: () => ({
        model: 'ours-model',
        role: 'assistant',
        content: { type: 'text', text: 'from ours' },
      }),
      elicitation: () => ({ action: 'accept', content: { name: 'Ours' } }),
      roots: ROOTS,
    },
  );
  closers.push(() => client.close());
  return client;
}

function officialV1Client(): ClientV1 {
  const client = new ClientV1(
    { name: 'v1', version: '1' },
    { capabilities: { sampling: {}, elicitation: { form: {} }, roots: {} } },
  );
  client.setRequestHandler(CreateMessageRequestSchema, () => ({
    model: 'v1-model',
    role: 'assistant',
    content: { type: 'text', text: 'from v1' },
  }));
  client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { name: 'Vee' } }));
  client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: ROOTS }));
  closers.push(() => client.close());
  return client;
}

interface Caller {
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<{ content: unknown[] }>;
  readResource(params: { uri: string }): Promise<{ contents: unknown[] }>;
  getPrompt(params: { name: string; arguments: Record<string, string> }): Promise<{ messages: unknown[] }>;
}

const text = (result: { content: unknown[] }) => (result.content[0] as { text?: string }).text;

/** The same sequence of calls from both clients, interleaved, each answer checked against its era. */
async function interleave(modern: Caller, legacy: Caller): Promise<void> {
  const work = (caller: Caller, who: 'ours' | 'v1', name: 'Ours' | 'Vee') => [
    async () =>
      expect(text(await caller.callTool({ name: 'add', arguments: { a: 1, b: who.length } }))).toBe(
        `${1 + who.length}`,
      ),
    async () =>
      expect(text(await caller.callTool({ name: 'ask_model', arguments: { question: 'q' } }))).toBe(
        `model ${who}-model said: from ${who}`,
      ),
    async () =>
      expect(text(await caller.callTool({ name: 'ask_user', arguments: {} }))).toBe(`hello ${name}`),
    async () =>
      expect(text(await caller.callTool({ name: 'list_roots', arguments: {} }))).toBe(
        'roots: file:///era/root',
      ),
    async () =>
      expect((await caller.readResource({ uri: `city://${who}` })).contents[0]).toMatchObject({
        text: `welcome to ${who}`,
      }),
    async () =>
      expect((await caller.getPrompt({ name: 'trip', arguments: { city: who } })).messages).toEqual([
        { role: 'user', content: { type: 'text', text: `Plan 3 days in ${who}.` } },
      ]),
  ];
  const ours = work(modern, 'ours', 'Ours');
  const theirs = work(legacy, 'v1', 'Vee');
  // Two rounds of every call from both clients at once, so requests of both eras overlap.
  const all = [...ours, ...theirs, ...theirs, ...ours];
  await Promise.all(all.map((run) => run()));
}

describe('a 2026-07-28 client and a 2025-era client against the same full-feature server code', () => {
  it('over stdio: two processes of the same server, both eras at once', async () => {
    const modern = ourClient();
    const legacy = officialV1Client();
    await Promise.all([
      modern.connect(new StdioClientTransport({ command: process.execPath, args: [serverBin] })),
      legacy.connect(new StdioV1({ command: process.execPath, args: [serverBin] })),
    ]);
    expect(modern.protocolVersion).toBe('2026-07-28');
    expect(legacy.getServerVersion()?.name).toBe('mcpkit-full-feature');
    await interleave(modern as unknown as Caller, legacy as unknown as Caller);
  });

  it('over HTTP: one endpoint, a 2026-07-28 client and a 2025-era session at once', async () => {
    const server = createFullFeatureServer();
    const handler = createStreamableHttpHandler({ onSession: (transport) => server.connect(transport) });
    const handle = await serve(handler, { port: 0, host: '127.0.0.1' });
    closers.push(() => handle.close());
    const url = new URL('/mcp', handle.url);
    const modern = ourClient();
    const pinned = ourClient('2025-11-25');
    const legacy = officialV1Client();
    await modern.connect(new StreamableHttpClientTransport(url, { messageHeaders: modern.messageHeaders }));
    await pinned.connect(new StreamableHttpClientTransport(url, { messageHeaders: pinned.messageHeaders }));
    const legacyTransport = new HttpV1(url);
    await legacy.connect(legacyTransport);
    expect(legacyTransport.protocolVersion).toMatch(/^2025-/);
    expect(modern.protocolVersion).toBe('2026-07-28');
    expect(pinned.protocolVersion).toBe('2025-11-25');
    await interleave(modern as unknown as Caller, legacy as unknown as Caller);
    // Our own client pinned to the older era gets the same answers through server-to-client requests.
    await interleave(pinned as unknown as Caller, legacy as unknown as Caller);
  });
});

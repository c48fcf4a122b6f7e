// Dual era with the official clients: the official v2 client speaking 2026-07-28 (probing, and
// pinned) and the official v1 client (2025 era) against the full-feature mcpkit server at the
// same time, over stdio (server processes of the same code) and on one HTTP endpoint.
import { join } from 'node:path';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { createFullFeatureServer } from '../full-feature/server.js';
import { repoRoot } from '../workspace/repo.js';

const serverParams = {
  command: process.execPath,
  args: [join(repoRoot, 'apps/integration-tests/dist/full-feature/main.js')],
};
const ROOTS = [{ uri: 'file:///era/official', name: 'official' }];

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

function v2Client(mode: 'auto' | { pin: string }): ClientV2 {
  const client = new ClientV2(
    { name: 'v2', version: '1' },
    { capabilities: { elicitation: { form: {} }, roots: {} }, versionNegotiation: { mode } },
  );
  client.setRequestHandler('elicitation/create', () => ({ action: 'accept', content: { name: 'Two' } }));
  client.setRequestHandler('roots/list', () => ({ roots: ROOTS }));
  closers.push(() => client.close());
  return client;
}

function v1Client(): ClientV1 {
  const client = new ClientV1(
    { name: 'v1', version: '1' },
    { capabilities: { elicitation: { form: {} }, roots: {} } },
  );
  client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { name: 'One' } }));
  client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: ROOTS }));
  closers.push(() => client.close());
  return client;
}

const text = (result: { content: unknown }) => (result.content as { text?: string }[])[0]?.text;

/** Both clients' calls at once, twice over, each answer checked. */
async function interleave(clients: { client: any; name: string }[]): Promise<void> {
  const calls = clients.flatMap(({ client, name }) => [
    async () => expect(text(await client.callTool({ name: 'add', arguments: { a: 20, b: 22 } }))).toBe('42'),
    async () =>
      expect(text(await client.callTool({ name: 'ask_user', arguments: {} }))).toBe(`hello ${name}`),
    async () =>
      expect(text(await client.callTool({ name: 'list_roots', arguments: {} }))).toBe(
        'roots: file:///era/official',
      ),
    async () =>
      expect((await client.readResource({ uri: 'city://porto' })).contents[0].text).toBe('welcome to porto'),
    async () =>
      expect(
        (
          await client.complete({
            ref: { type: 'ref/prompt', name: 'trip' },
            argument: { name: 'city', value: 'pa' },
          })
        ).completion.values,
      ).toEqual(['paris', 'park', 'parma']),
  ]);
  await Promise.all([...calls, ...calls.reverse()].map((run) => run()));
}

describe('official clients of both eras against the full-feature mcpkit server at once', () => {
  it('over stdio: v2 probing, v2 pinned to 2026-07-28 and v1, each on a process of the same server', async () => {
    const probing = v2Client('auto');
    const pinned = v2Client({ pin: '2026-07-28' });
    const legacy = v1Client();
    await Promise.all([
      probing.connect(new StdioV2(serverParams)),
      pinned.connect(new StdioV2(serverParams)),
      legacy.connect(new StdioV1(serverParams)),
    ]);
    expect(probing.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(pinned.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    await interleave([
      { client: probing, name: 'Two' },
      { client: pinned, name: 'Two' },
      { client: legacy, name: 'One' },
    ]);
  });

  // `server`: the 2026-07-28 requests are answered by McpServer.answer directly (no transport per request).
  it.each(['onSession', 'server'] as const)(
    'over HTTP (wired with %s): one endpoint serves v2 at 2026-07-28 and a v1 session at once',
    async (wiring) => {
      const server = createFullFeatureServer();
      const handler = createStreamableHttpHandler(
        wiring === 'server' ? { server } : { onSession: (transport) => server.connect(transport) },
      );
      const handle = await serve(handler, { port: 0, host: '127.0.0.1' });
      closers.push(() => handle.close());
      const url = new URL('/mcp', handle.url);
      const probing = v2Client('auto');
      const legacy = v1Client();
      const legacyTransport = new HttpV1(url);
      await probing.connect(new HttpV2(url));
      await legacy.connect(legacyTransport);
      expect(probing.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      expect(legacyTransport.protocolVersion).toMatch(/^2025-/);
      expect(legacyTransport.sessionId).toBeTruthy();
      await interleave([
        { client: probing, name: 'Two' },
        { client: legacy, name: 'One' },
      ]);
    },
  );
});

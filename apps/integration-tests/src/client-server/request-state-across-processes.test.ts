// 2026-07-28 multi-round-trip requests behind a load balancer: each round of a tool that asks two
// questions in sequence lands on another server (separate handlers and McpServers on 127.0.0.1,
// sharing nothing but the RequestStateCodec secret). A requestState sealed on A is accepted on C;
// a server given another secret refuses it, saying the secrets differ.
import { McpServer } from '@mcpkit/server';
import { RequestStateCodec } from '@mcpkit/server/request-state';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { type ServerHandle, serve } from '@mcpkit/transport-http-server/node';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';

const SHARED_SECRET = 'the deployment-wide secret, 32+ bytes long';
const handles: ServerHandle[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
});

async function startServer(name: string, secret: string): Promise<URL> {
  const server = new McpServer(
    { name, version: '1.0.0' },
    { protocolVersions: ['2026-07-28'], requestState: new RequestStateCodec({ secret }) },
  );
  server.tool('wizard', {}, async (_args, ctx) => {
    const who = await ctx.elicit('Name?', { name: z.string() }, { key: 'step1' });
    const color = await ctx.elicit('Color?', { color: z.string() }, { key: 'step2' });
    if (who.action !== 'accept' || color.action !== 'accept') return 'declined';
    return `${who.content.name} likes ${color.content.color} (finished on ${name})`;
  });
  const handle = await serve(createStreamableHttpHandler({ onSession: (t) => server.connect(t) }));
  handles.push(handle);
  return new URL('/mcp', handle.url);
}

let nextId = 1;
async function wizard(to: URL, extra: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const response = await fetch(to, {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'wizard',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: nextId++,
      method: 'tools/call',
      params: {
        name: 'wizard',
        arguments: {},
        ...extra,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
        },
      },
    }),
  });
  return (await response.json()) as Record<string, any>;
}

describe('requestState across server processes', () => {
  it('minted on A, accepted on C (same secret); refused on D (another secret), saying so', async () => {
    const [a, c, d] = await Promise.all([
      startServer('A', SHARED_SECRET),
      startServer('C', SHARED_SECRET),
      startServer('D', 'a different secret, also 32+ bytes'),
    ]);
    const round1 = await wizard(a);
    expect(Object.keys(round1.result.inputRequests)).toEqual(['step1']);
    const round2 = await wizard(c, {
      requestState: round1.result.requestState,
      inputResponses: { step1: { action: 'accept', content: { name: 'Ada' } } },
    });
    expect(Object.keys(round2.result.inputRequests)).toEqual(['step2']);
    const round3 = await wizard(a, {
      requestState: round2.result.requestState,
      inputResponses: { step2: { action: 'accept', content: { color: 'green' } } },
    });
    expect(round3.result.content).toEqual([{ type: 'text', text: 'Ada likes green (finished on A)' }]);

    const refused = await wizard(d, {
      requestState: round2.result.requestState,
      inputResponses: { step2: { action: 'accept', content: { color: 'green' } } },
    });
    expect(refused.error.code).toBe(-32602);
    expect(refused.error.message).toMatch(
      /^Invalid requestState: sealed with another secret \(key id [\w-]{11}; this server's is [\w-]{11}\): every server process behind one URL must be given the same RequestStateCodec secret$/,
    );
  });
});

// docs/migration.md proven by behaviour: for each feature area, the "before" program of
// src/migration/before/ (official SDK v1) and the "after" program of src/migration/after/ (mcpkit)
// run as real processes, meet the same client script (test/migration/client-script.ts) and must
// leave the same record: tool lists, results, notifications, the requests the server sent the client.
import { fileURLToPath } from 'node:url';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { type Area, connectClient, observe, observeOAuth } from './migration/client-script.js';
import { freePort, start, startHttpServer, stopAll, waitForOutput } from './processes.js';

const program = (side: 'before' | 'after', area: string) =>
  fileURLToPath(new URL(`../dist/migration/${side}/${area}.js`, import.meta.url));
const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  await stopAll();
});

async function record(side: 'before' | 'after', area: Area): Promise<unknown> {
  const seen: unknown[] = [];
  if (area === 'http') {
    const { url } = await startHttpServer([program(side, area)]);
    const client = await connectClient(new StreamableHTTPClientTransport(url), seen);
    closers.push(() => client.close());
    return observe(area, client, seen);
  }
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [program(side, area)],
    stderr: 'pipe',
  });
  const client = await connectClient(transport, seen);
  closers.push(() => client.close());
  return observe(area, client, seen);
}

const text = (value: string) => ({ content: [{ type: 'text', text: value }] });

/** What both records must also show, so that agreeing can never mean "both saw nothing". */
const expected: Record<Area, Record<string, unknown>> = {
  tools: {
    forecast: { structuredContent: { city: 'Oslo', temperatures: [20, 21] } },
    alerts: { ...text('No alerts service for Oslo'), isError: true },
    badArguments: true,
  },
  resources: {
    resources: [{ uri: 'config://app' }, { uri: 'users://1/profile' }, { uri: 'users://2/profile' }],
    user: { contents: [{ uri: 'users://2/profile', mimeType: 'text/plain', text: 'Profile of Grace' }] },
  },
  prompts: {
    withFocus: {
      messages: [{ role: 'user', content: { type: 'text', text: 'Review this code for naming:\nx = 1' } }],
    },
  },
  completion: {
    capabilities: ['completions', 'prompts', 'resources'],
    owner: { completion: { values: ['acme', 'apex'] } },
    repo: { completion: { values: ['anvil', 'rocket'] } },
    language: { completion: { values: ['typescript'] } },
  },
  sampling: {
    result: text('Summary by test-model: It is short.'),
    fromServer: [{ method: 'sampling/createMessage', params: { maxTokens: 100 } }],
  },
  elicitation: {
    accepted: text('Booked for 4 on the terrace'),
    declined: text('Not booked'),
    fromServer: [{ method: 'elicitation/create' }, { method: 'elicitation/create' }],
  },
  progress: {
    result: text('3 files imported'),
    withoutToken: text('1 files imported'),
    fromServer: [1, 2, 3].map((progress) => ({
      method: 'notifications/progress',
      params: { progress, total: 3, message: `imported ${['a', 'b', 'c'][progress - 1]}.csv` },
    })),
  },
  http: { echo: text('over HTTP') },
};

describe('migration pairs: the official SDK v1 program and its mcpkit version behave the same', () => {
  const areas: Area[] = [
    'tools',
    'resources',
    'prompts',
    'completion',
    'sampling',
    'elicitation',
    'progress',
    'http',
  ];
  it.each(areas)('%s', async (area) => {
    const before = await record('before', area);
    const after = await record('after', area);
    expect(before).toMatchObject(expected[area]);
    expect(after).toEqual(before);
  });

  it('oauth (a resource server trusting the demo authorization server of examples/src)', async () => {
    const authorizationServer = start(
      [fileURLToPath(new URL('../dist/auth-demo-authorization-server.js', import.meta.url))],
      {
        env: { PORT: '0' },
      },
    );
    const [, issuer] = await waitForOutput(
      authorizationServer,
      /Authorization server: (http:\/\/127\.0\.0\.1:\d+)/,
    );
    const records = [];
    for (const side of ['before', 'after'] as const) {
      const { url } = await startHttpServer([program(side, 'oauth')], {
        env: { AUTH_SERVER: issuer!, PORT: String(await freePort()) },
      });
      records.push(await observeOAuth(url, issuer!));
    }
    const [before, after] = records;
    expect(before).toMatchObject({
      withoutToken: {
        status: 401,
        scheme: 'Bearer',
        resource_metadata: expect.stringContaining('/.well-known/oauth-protected-resource/mcp'),
      },
      otherAudience: { status: 401, error: 'invalid_token' },
      withoutScope: { status: 403, error: 'insufficient_scope' },
      metadata: { authorization_servers: [issuer] },
      whoami: text('client demo-client with scopes mcp'),
    });
    // The two servers listen on different ports: compare with the port made the same.
    const samePort = (record: unknown) =>
      JSON.parse(
        JSON.stringify(record)
          .replace(/127\.0\.0\.1:\d+\/mcp/g, '127.0.0.1:PORT/mcp')
          .replace(/127\.0\.0\.1:\d+\/\.well-known/g, '127.0.0.1:PORT/.well-known'),
      );
    expect(samePort(after)).toEqual(samePort(before));
  });
});

import { McpServer } from '@mcpkit/server';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { connectInProcess, type InProcessConnection } from './index.js';

const open: InProcessConnection[] = [];
afterEach(async () => {
  for (const connection of open.splice(0)) await connection.close();
});

async function connect(...args: Parameters<typeof connectInProcess>) {
  const connection = await connectInProcess(...args);
  open.push(connection);
  return connection;
}

/** A tool that reports what the server saw of the request. */
function whoServer(protocolVersions?: string[]) {
  const server = new McpServer(
    { name: 'who', version: '1.0.0' },
    protocolVersions === undefined ? {} : { protocolVersions },
  );
  server.tool('who', {}, (_args, ctx) => ({
    content: [],
    structuredContent: {
      auth: ctx.auth?.clientId ?? null,
      meta: ctx._meta ?? null,
      protocolVersion: ctx.protocolVersion,
      sessionId: ctx.sessionId ?? null,
      client: ctx.client.info ?? null,
      capabilities: ctx.client.capabilities,
    },
  }));
  return server;
}

async function who(connection: InProcessConnection, _meta?: Record<string, unknown>) {
  const result = await connection.client.callTool({ name: 'who' }, _meta === undefined ? {} : { _meta });
  return result.structuredContent as Record<string, unknown>;
}

describe('connectInProcess', () => {
  it('connects a client at the newest stateful revision by default and serves calls', async () => {
    const connection = await connect(whoServer());
    expect(connection.client.protocolVersion).toBe('2025-11-25');
    expect(connection.client.serverInfo).toEqual({ name: 'who', version: '1.0.0' });
    expect(await who(connection)).toMatchObject({ protocolVersion: '2025-11-25', auth: null, meta: null });
  });

  it('speaks 2026-07-28 statelessly when asked and the server supports it', async () => {
    const connection = await connect(whoServer(['2025-11-25', '2026-07-28']), {
      protocolVersion: '2026-07-28',
    });
    expect(connection.client.protocolMode).toBe('stateless');
    expect(await who(connection)).toMatchObject({ protocolVersion: '2026-07-28' });
  });

  it('fails naming both revisions when the server cannot speak the one asked for', async () => {
    await expect(connectInProcess(whoServer(), { protocolVersion: '2026-07-28' })).rejects.toThrow(
      /asked for protocol revision 2026-07-28 but the server negotiated 2025-11-25 .*protocolVersions/,
    );
  });

  it('delivers authInfo to the server as an HTTP transport would, and lets the test change it', async () => {
    const connection = await connect(whoServer(), {
      authInfo: { token: 't', clientId: 'alice', scopes: ['files:read'] },
      sessionId: 'session-1',
    });
    expect(await who(connection)).toMatchObject({ auth: 'alice', sessionId: 'session-1' });
    connection.setAuthInfo({ token: 't', clientId: 'bob', scopes: [] });
    expect(await who(connection)).toMatchObject({ auth: 'bob' });
    connection.setAuthInfo(undefined);
    expect(await who(connection)).toMatchObject({ auth: null });
  });

  it('sends the default _meta with every request, under the call’s own _meta, on both eras', async () => {
    for (const protocolVersion of ['2025-11-25', '2026-07-28']) {
      const connection = await connect(whoServer(['2025-11-25', '2026-07-28']), {
        protocolVersion,
        _meta: { 'example.com/tenant': 'acme', traceparent: 'default' },
      });
      const meta = (await who(connection, { traceparent: 'per-call' })).meta as Record<string, unknown>;
      expect(meta['example.com/tenant']).toBe('acme');
      expect(meta.traceparent).toBe('per-call');
    }
  });

  it('declares the client info and capabilities given, on both eras', async () => {
    for (const protocolVersion of ['2025-11-25', '2026-07-28']) {
      const connection = await connect(whoServer(['2025-11-25', '2026-07-28']), {
        protocolVersion,
        clientInfo: { name: 'fake-host', version: '9.9.9' },
        capabilities: { experimental: { 'example.com/feature': {} } },
      });
      expect(await who(connection)).toMatchObject({
        client: { name: 'fake-host', version: '9.9.9' },
        capabilities: { experimental: { 'example.com/feature': {} } },
      });
    }
  });

  it('answers the server’s sampling, elicitation and roots requests with the given handlers', async () => {
    const server = new McpServer({ name: 'asks', version: '1.0.0' });
    server.tool('ask-all', {}, async (_args, ctx) => {
      const sampled = await ctx.sample({
        messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }],
        maxTokens: 5,
      });
      const answer = await ctx.elicit('Name?', { name: z.string() });
      const roots = await ctx.listRoots();
      const name = answer.action === 'accept' ? answer.content.name : answer.action;
      const content = Array.isArray(sampled.content) ? sampled.content[0] : sampled.content;
      const text = content?.type === 'text' ? content.text : '?';
      return `${text} ${name} ${roots.map((root) => root.uri).join(',')}`;
    });
    const { client } = await connect(server, {
      sampling: () => ({ role: 'assistant', content: { type: 'text', text: 'model' }, model: 'm' }),
      elicitation: () => ({ action: 'accept', content: { name: 'Ada' } }),
      roots: [{ uri: 'file:///work' }],
    });
    const result = await client.callTool({ name: 'ask-all' });
    expect(result.content).toEqual([{ type: 'text', text: 'model Ada file:///work' }]);
  });

  it('close ends the server session too', async () => {
    const connection = await connectInProcess(whoServer());
    let closed = false;
    connection.session.addCloseListener(() => {
      closed = true;
    });
    await connection.close();
    expect(closed).toBe(true);
    expect(connection.client.isConnected).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { type CallerContext, McpServer, visibleWithScopes } from './index.js';
import { connect, settle } from './test-helpers/harness.js';

// The README quickstart, run for real (with the in-memory transport instead of stdio).
function quickstart() {
  const server = new McpServer({ name: 'echo', version: '1.0.0' }, { instructions: 'Echoes things.' });
  server.tool(
    'echo',
    { description: 'Echoes a message', inputSchema: { message: z.string().describe('What to echo') } },
    ({ message }) => `Echo: ${message}`,
  );
  server.resourceTemplate(
    'echo://{message}',
    { name: 'echo', description: 'Echoes the URI', mimeType: 'text/plain' },
    (_uri, { message }) => `Resource echo: ${message}`,
  );
  server.prompt(
    'echo',
    { description: 'Asks the model to echo', arguments: z.object({ message: z.string() }) },
    ({ message }) => `Please echo this message: ${message}`,
  );
  return server;
}

describe('README quickstart', () => {
  it('serves the echo tool, resource template and prompt', async () => {
    const { request } = await connect(quickstart());
    expect(await request('tools/call', { name: 'echo', arguments: { message: 'hi' } })).toEqual({
      content: [{ type: 'text', text: 'Echo: hi' }],
    });
    expect(await request('resources/read', { uri: 'echo://hello%20world' })).toEqual({
      contents: [{ uri: 'echo://hello%20world', mimeType: 'text/plain', text: 'Resource echo: hello world' }],
    });
    expect(await request('prompts/get', { name: 'echo', arguments: { message: 'x' } })).toEqual({
      messages: [{ role: 'user', content: { type: 'text', text: 'Please echo this message: x' } }],
    });
  });
});

// The README "Per-caller visibility" example, run for real.
function visibilityExample() {
  const server = new McpServer({ name: 'files', version: '1.0.0' });
  server.tool('status', {}, () => 'ok');
  server.tool('read-file', { visible: visibleWithScopes('files:read') }, () => 'contents');
  const isPro = (caller: CallerContext) => caller._meta?.['example.com/tier'] === 'pro';
  server.prompt('deep-review', { visible: isPro }, () => 'Review this thoroughly.');
  return server;
}

describe('README per-caller visibility', () => {
  it('lists read-file to a token with files:read only, deep-review to pro callers only', async () => {
    const server = visibilityExample();
    const reader = await connect(server, { authInfo: { token: 't', clientId: 'c', scopes: ['files:read'] } });
    const other = await connect(server, { authInfo: { token: 't', clientId: 'c', scopes: [] } });
    const names = async (list: Promise<Record<string, unknown>>) =>
      ((await list).tools as { name: string }[]).map((tool) => tool.name);
    expect(await names(reader.request('tools/list', {}))).toEqual(['status', 'read-file']);
    expect(await names(other.request('tools/list', {}))).toEqual(['status']);
    const prompts = async (_meta?: Record<string, string>) => {
      const outcome = await server.handle(
        { method: 'prompts/list', params: {} },
        {
          protocolVersion: '2025-11-25',
          clientCapabilities: {},
          signal: new AbortController().signal,
          sendNotification: async () => {},
          requestInput: async () => ({}),
          ...(_meta ? { _meta } : {}),
        },
      );
      return outcome.type === 'result' ? outcome.result.prompts : outcome;
    };
    expect(await prompts({ 'example.com/tier': 'pro' })).toEqual([{ name: 'deep-review' }]);
    expect(await prompts()).toEqual([]);
    server.visibilityChanged();
    await settle();
    expect(reader.notifications.map((n) => n.method)).toEqual([
      'notifications/tools/list_changed',
      'notifications/prompts/list_changed',
    ]);
  });
});

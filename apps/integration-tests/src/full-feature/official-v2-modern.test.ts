// The official v2 client speaking 2026-07-28 (it probes server/discover) drives the full-feature
// mcpkit stdio server: sampling, elicitation and roots arrive as input_required rounds, resource
// updates over subscriptions/listen.
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../workspace/repo.js';

const serverParams = {
  command: process.execPath,
  args: [join(repoRoot, 'apps/integration-tests/dist/full-feature/main.js')],
};

const text = (result: { content: unknown }) => (result.content as { text?: string }[])[0]?.text;

describe('official SDK v2 client at 2026-07-28 against the full-feature mcpkit stdio server', () => {
  const updates: string[] = [];
  const logs: string[] = [];
  let client: Client;
  beforeAll(async () => {
    client = new Client(
      { name: 'v2-modern', version: '1' },
      {
        capabilities: { sampling: {}, elicitation: { form: {} }, roots: {} },
        versionNegotiation: { mode: 'auto' },
      },
    );
    client.setRequestHandler('sampling/createMessage', (request) => ({
      model: 'modern-model',
      role: 'assistant',
      content: { type: 'text', text: `re: ${JSON.stringify(request.params.messages[0]?.content)}` },
    }));
    client.setRequestHandler('elicitation/create', () => ({ action: 'accept', content: { name: 'Modern' } }));
    client.setRequestHandler('roots/list', () => ({ roots: [{ uri: 'file:///modern', name: 'm' }] }));
    client.setNotificationHandler('notifications/resources/updated', (n) => void updates.push(n.params.uri));
    client.setNotificationHandler(
      'notifications/message',
      (n) => void logs.push(`${n.params.level}: ${String(n.params.data)}`),
    );
    await client.connect(new StdioClientTransport(serverParams));
  });
  afterAll(async () => {
    await client?.close();
  });

  it('negotiates 2026-07-28 and lists, calls, reads, gets and completes', async () => {
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(client.getServerVersion()).toMatchObject({ name: 'mcpkit-full-feature' });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('ask_user');
    expect(text(await client.callTool({ name: 'add', arguments: { a: 4, b: 5 } }))).toBe('9');
    const read = await client.readResource({ uri: 'city://prague' });
    expect(read.contents[0]).toMatchObject({ uri: 'city://prague', text: 'welcome to prague' });
    const prompt = await client.getPrompt({ name: 'trip', arguments: { city: 'porto' } });
    expect(prompt.messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'Plan 3 days in porto.' } },
    ]);
    const completion = await client.complete({
      ref: { type: 'ref/resource', uri: 'city://{name}' },
      argument: { name: 'name', value: 'po' },
    });
    expect(completion.completion.values).toEqual(['porto']);
  });

  it('answers sampling, elicitation and roots through input_required rounds', async () => {
    expect(text(await client.callTool({ name: 'ask_model', arguments: { question: 'hi' } }))).toBe(
      `model modern-model said: re: ${JSON.stringify({ type: 'text', text: 'hi' })}`,
    );
    expect(text(await client.callTool({ name: 'ask_user', arguments: {} }))).toBe('hello Modern');
    expect(text(await client.callTool({ name: 'list_roots', arguments: {} }))).toBe('roots: file:///modern');
  });

  it('reports progress and cancels a slow tool', async () => {
    const seen: number[] = [];
    const result = await client.callTool(
      { name: 'count', arguments: { steps: 3, delayMs: 100 } },
      { onprogress: (progress) => void seen.push(progress.progress) },
    );
    expect(text(result)).toBe('counted to 3');
    // Like the 2025 era: the last progress notifications race the result on the client side (on a
    // loaded machine the last two share a read with it and are both dropped); what arrives is in order.
    // 100 ms between steps, so the first step leaves long before the result even on a loaded machine
    // (with 5 ms all three could share the result's read, and none arrived).
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen).toEqual([1, 2, 3].slice(0, seen.length));

    const stats = async () =>
      ((await client.callTool({ name: 'stats', arguments: {} })).structuredContent as { cancelled: number })
        .cancelled;
    const before = await stats();
    const controller = new AbortController();
    const call = client.callTool({ name: 'slow', arguments: { ms: 20_000 } }, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user cancelled')), 100);
    await expect(call).rejects.toThrow();
    await expect.poll(stats, { timeout: 2_000, interval: 20 }).toBe(before + 1);
  });

  it('gets resource updates over subscriptions/listen', async () => {
    const subscription = await client.listen({ resourceSubscriptions: ['memo://counter'] });
    expect(subscription.honoredFilter.resourceSubscriptions).toEqual(['memo://counter']);
    expect(text(await client.callTool({ name: 'bump', arguments: {} }))).toMatch(/^counter is \d+$/);
    await expect.poll(() => updates, { timeout: 2_000, interval: 20 }).toEqual(['memo://counter']);
    await subscription.close();
    expect(await subscription.closed).toBe('local');
  });

  it('logs only when a request sets io.modelcontextprotocol/logLevel, at that level and above', async () => {
    // logging/setLevel is gone in 2026-07-28 (the official client refuses it locally): the level
    // travels in each request's _meta.
    await expect(client.setLoggingLevel('error')).rejects.toThrow(/logging\/setLevel/);
    expect(text(await client.callTool({ name: 'log', arguments: { message: 'silent' } }))).toBe('logged');
    const leveled = await client.callTool({
      name: 'log',
      arguments: { message: 'modern' },
      _meta: { 'io.modelcontextprotocol/logLevel': 'error' },
    });
    expect(text(leveled)).toBe('logged');
    await expect.poll(() => logs, { timeout: 2_000, interval: 20 }).toEqual(['error: error: modern']);
  });
});

import { describe, expect, it } from 'vitest';
import { KeepAlive } from './keep-alive.js';
import { getRequest } from './test-helpers/http.js';
import { harness, initialize } from './test-helpers/setup.js';

async function readUntil(body: ReadableStream<Uint8Array>, marker: string): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (let i = 0; i < 100 && !text.includes(marker); i++) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text;
}

describe('SSE keep-alive', () => {
  it('writes comments on an idle GET stream', async () => {
    const { handler } = harness({ sseKeepAliveMs: 10 });
    const { headers } = await initialize(handler);
    const get = await handler(getRequest(headers));
    expect(await readUntil(get.body!, ': keep-alive\n\n')).toContain(': keep-alive\n\n');
    await handler.close();
  });

  it('skips closed connections and can be switched off', async () => {
    const keepAlive = new KeepAlive(5);
    const connection = keepAlive.open();
    connection.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(connection.comment('late')).toBe(false);
    keepAlive.stop();

    const off = new KeepAlive(0).open();
    const reader = off.body.getReader();
    const next = reader.read();
    await new Promise((resolve) => setTimeout(resolve, 20));
    off.close();
    expect(await next).toEqual({ done: true, value: undefined });
  });
});

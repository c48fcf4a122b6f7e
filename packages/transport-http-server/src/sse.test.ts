import { describe, expect, it } from 'vitest';
import { formatSseEvent, SseConnection } from './sse.js';

describe('SSE framing', () => {
  it('formats id, event, retry and data lines', () => {
    expect(formatSseEvent({ id: 'a_1', event: 'message', data: '{"x":1}' })).toBe(
      'id: a_1\nevent: message\ndata: {"x":1}\n\n',
    );
    expect(formatSseEvent({ id: 'a_0', retry: 1500, data: '' })).toBe('id: a_0\nretry: 1500\ndata: \n\n');
    expect(formatSseEvent({ retry: 20 })).toBe('retry: 20\n\n');
  });

  it('splits multi-line data and strips newlines from ids so events cannot be forged', () => {
    expect(formatSseEvent({ id: 'x\nevent: evil', data: 'a\nb' })).toBe(
      'id: xevent: evil\ndata: a\ndata: b\n\n',
    );
  });

  it('reports a disconnect once, when the body is cancelled or the request aborted', async () => {
    const abort = new AbortController();
    const connection = new SseConnection({
      onAbort: (listener) => abort.signal.addEventListener('abort', listener, { once: true }),
    });
    let disconnects = 0;
    connection.ondisconnect = () => disconnects++;
    expect(connection.write({ data: 'one' })).toBe(true);
    abort.abort();
    await connection.body.cancel();
    expect(disconnects).toBe(1);
    expect(connection.open).toBe(false);
    expect(connection.write({ data: 'two' })).toBe(false);
  });

  it('cuts a connection whose reader stopped once maxBufferedBytes are waiting, and drops what it held', async () => {
    const overflows: Error[] = [];
    const connection = new SseConnection(undefined, {
      maxBufferedBytes: 1000,
      onoverflow: (error) => overflows.push(error),
    });
    let disconnects = 0;
    connection.ondisconnect = () => disconnects++;
    let written = 0;
    while (connection.write({ data: 'x'.repeat(90) })) written++;
    expect(written).toBe(10);
    expect(connection.open).toBe(false);
    expect(disconnects).toBe(1);
    expect(overflows).toHaveLength(1);
    expect(overflows[0]?.message).toMatch(/maxSseBufferBytes = 1000/);
    await expect(connection.body.getReader().read()).rejects.toThrow(/not reading/);
  });

  it('lets one event larger than the bound through to a reader that keeps up', async () => {
    const connection = new SseConnection(undefined, { maxBufferedBytes: 100 });
    const reader = connection.body.getReader();
    expect(connection.write({ data: 'y'.repeat(500) })).toBe(true);
    const { value } = await reader.read();
    expect(value?.byteLength).toBeGreaterThan(500);
    expect(connection.bufferedBytes).toBe(0);
    expect(connection.write({ data: 'small' })).toBe(true);
  });
});

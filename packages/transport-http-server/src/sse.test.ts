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
    const connection = new SseConnection(abort.signal);
    let disconnects = 0;
    connection.ondisconnect = () => disconnects++;
    expect(connection.write({ data: 'one' })).toBe(true);
    abort.abort();
    await connection.body.cancel();
    expect(disconnects).toBe(1);
    expect(connection.open).toBe(false);
    expect(connection.write({ data: 'two' })).toBe(false);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FetchLike } from './fetch.js';
import { SseClientTransport } from './sse-legacy.js';

// EventSource arms a retry timer after a failed or ended stream unless it is closed first. Such a
// timer never reconnects (the transport closed it) but keeps a Node process alive for seconds, so
// the transport must leave none behind.

afterEach(() => {
  vi.useRealTimers();
});

function sseFetch(): { fetch: FetchLike; end: () => void } {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      c.enqueue(new TextEncoder().encode('event: endpoint\ndata: /messages?sessionId=s1\n\n'));
    },
  });
  const fetch: FetchLike = async () => ({
    status: 200,
    ok: true,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'text/event-stream' : null) },
    body,
    text: async () => '',
  });
  return { fetch, end: () => controller?.close() };
}

describe('SseClientTransport timers', () => {
  it('leaves no timer behind when the GET fails', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const transport = new SseClientTransport('http://127.0.0.1:1/sse', {
      fetch: async () => {
        throw new TypeError('connection refused');
      },
    });
    await expect(transport.start()).rejects.toMatchObject({ code: 'NETWORK' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('leaves no timer behind when the stream ends, and reports the end of the session', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { fetch, end } = sseFetch();
    const transport = new SseClientTransport('http://127.0.0.1:1/sse', { fetch });
    const errors: Error[] = [];
    const closed = new Promise<void>((resolve) => {
      transport.onclose = resolve;
    });
    transport.onerror = (error) => errors.push(error);
    await transport.start();
    expect(transport.endpoint).toBe('http://127.0.0.1:1/messages?sessionId=s1');
    end();
    await closed;
    expect(errors[0]).toMatchObject({ code: 'STREAM_INTERRUPTED' });
    expect(vi.getTimerCount()).toBe(0);
  });
});

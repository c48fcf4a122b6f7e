// SSE resumption must stay inside the session: a Last-Event-ID taken from another session (or
// another principal's session) never replays that session's messages.
import { describe, expect, it } from 'vitest';
import { createEchoHandler, ENDPOINT, openSession, postHeaders } from './helpers.js';

/** Reads what a stream delivers within `ms`, then drops it (a standalone stream never ends). */
async function readFor(response: Response, ms: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const stop = setTimeout(() => void reader.cancel(), ms);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    clearTimeout(stop);
  }
  return text;
}

describe('SSE resumption stays inside its session', () => {
  it("a Last-Event-ID of session A presented by session B replays nothing of A's", async () => {
    const { handler } = createEchoHandler({ responseMode: 'sse' });
    const a = await openSession(handler);
    const b = await openSession(handler);
    const secret = `secret-of-a-${crypto.randomUUID()}`;
    const call = await handler(
      new Request(ENDPOINT, {
        method: 'POST',
        headers: postHeaders(a),
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'echo', arguments: { message: secret } },
        }),
      }),
    );
    const stream = await readFor(call, 2000);
    expect(stream).toContain(secret);
    const eventIds = [...stream.matchAll(/^id: ?(.+)$/gm)].map((match) => match[1]!.trim());
    expect(eventIds.length).toBeGreaterThan(0);

    for (const lastEventId of eventIds) {
      const resumed = await handler(
        new Request(ENDPOINT, {
          method: 'GET',
          headers: { ...postHeaders(b), accept: 'text/event-stream', 'last-event-id': lastEventId },
        }),
      );
      const text = await readFor(resumed, 200);
      expect(
        text,
        `session B resumed A's stream with ${lastEventId} (status ${resumed.status})`,
      ).not.toContain(secret);
    }
    // A itself may resume (its priming event id precedes the answer).
    const own = await handler(
      new Request(ENDPOINT, {
        method: 'GET',
        headers: { ...postHeaders(a), accept: 'text/event-stream', 'last-event-id': eventIds[0]! },
      }),
    );
    expect(await readFor(own, 500)).toContain(secret);
    await handler.close({ timeoutMs: 100 });
  });
});

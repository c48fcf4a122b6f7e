// Broken on purpose: the client never sees the server's SSE `retry:` delay (the lines are cut out
// of every stream), so it reconnects after its own short delay instead.
import type { FetchMiddleware } from '@mcpkit/transport-http-client';
import { runBrokenClient } from './kit/run-client.js';

function withoutRetryLines(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = '';
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(bytes, controller) {
        pending += decoder.decode(bytes, { stream: true });
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        const kept = lines.filter((line) => !line.startsWith('retry:'));
        if (kept.length > 0) controller.enqueue(encoder.encode(`${kept.join('\n')}\n`));
      },
      flush(controller) {
        if (pending !== '' && !pending.startsWith('retry:')) controller.enqueue(encoder.encode(pending));
      },
    }),
  );
}

const stripRetry: FetchMiddleware = (next) => async (url, init) => {
  const response = await next(url, init);
  const isSse = response.headers.get('content-type')?.includes('text/event-stream') ?? false;
  if (!isSse || !(response.body instanceof ReadableStream)) return response;
  return new Response(withoutRetryLines(response.body), {
    status: response.status,
    headers: response.headers as Headers,
  });
};

await runBrokenClient({ middleware: [stripRetry], reconnection: { initialDelayMs: 20, maxDelayMs: 20 } });

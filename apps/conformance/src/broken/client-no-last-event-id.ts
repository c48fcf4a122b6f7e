// Broken on purpose: the client resumes a broken SSE stream without sending Last-Event-ID.
import type { FetchMiddleware } from '@mcpkit/transport-http-client';
import { runBrokenClient } from './kit/run-client.js';

const dropLastEventId: FetchMiddleware = (next) => (url, init) => {
  if (init?.headers === undefined) return next(url, init);
  const headers = Object.fromEntries(
    Object.entries(init.headers).filter(([name]) => name.toLowerCase() !== 'last-event-id'),
  );
  return next(url, { ...init, headers });
};

await runBrokenClient({ middleware: [dropLastEventId] });

// Broken on purpose: the client never answers the server's ping.
import { runBrokenClient } from './kit/run-client.js';

await runBrokenClient({
  hooks: { outgoing: (message, answering) => (answering?.method === 'ping' ? undefined : message) },
});

// Broken on purpose: the client never sends notifications/initialized after initialize.
import { runBrokenClient } from './kit/run-client.js';

await runBrokenClient({
  hooks: {
    outgoing: (message) =>
      'method' in message && message.method === 'notifications/initialized' ? undefined : message,
  },
});

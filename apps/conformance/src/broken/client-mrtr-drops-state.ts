// Broken on purpose: when the client retries a 2026-07-28 call with its answers, it leaves out the
// requestState the server gave it.
import { runBrokenClient } from './kit/run-client.js';

await runBrokenClient({
  hooks: {
    outgoing: (message) => {
      if (
        !('method' in message) ||
        message.method !== 'tools/call' ||
        message.params?.requestState === undefined
      ) {
        return message;
      }
      const { requestState: _dropped, ...params } = message.params;
      return { ...message, params };
    },
  },
});

// Broken on purpose: 2026-07-28 results come without `resultType`.
import { runBrokenServer } from './kit/run-server.js';

await runBrokenServer({
  defaultTransport: 'http',
  hooks: {
    outgoing: (message) => {
      if (!('result' in message) || !('resultType' in message.result)) return message;
      const { resultType: _dropped, ...rest } = message.result;
      return { ...message, result: rest };
    },
  },
});

// Broken on purpose: complete 2026-07-28 results come without `resultType` (input_required results
// keep theirs, so multi-round calls still work and no other rule breaks along the way).
import { runBrokenServer } from './kit/run-server.js';

await runBrokenServer({
  defaultTransport: 'http',
  hooks: {
    outgoing: (message) => {
      if (!('result' in message) || message.result.resultType !== 'complete') return message;
      const { resultType: _dropped, ...rest } = message.result;
      return { ...message, result: rest };
    },
  },
});

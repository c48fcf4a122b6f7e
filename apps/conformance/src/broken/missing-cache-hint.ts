// Broken on purpose: 2026-07-28 tools/list results carry no cache hint (`ttlMs`, `cacheScope`).
import { runBrokenServer } from './kit/run-server.js';

await runBrokenServer({
  defaultTransport: 'http',
  hooks: {
    outgoing: (message, answering) => {
      if (answering?.method !== 'tools/list' || !('result' in message)) return message;
      const { ttlMs: _ttl, cacheScope: _scope, ...rest } = message.result;
      return { ...message, result: rest };
    },
  },
});

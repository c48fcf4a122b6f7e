// Broken on purpose: 2026-07-28 requests go out without the protocol version in their `_meta`.
import { MetaKey } from '@mcpkit/protocol';
import { runBrokenClient } from './kit/run-client.js';

await runBrokenClient({
  hooks: {
    outgoing: (message) => {
      if (!('method' in message) || !('id' in message)) return message;
      const meta = message.params?._meta as Record<string, unknown> | undefined;
      if (meta === undefined || !(MetaKey.ProtocolVersion in meta)) return message;
      const { [MetaKey.ProtocolVersion]: _dropped, ...rest } = meta;
      return { ...message, params: { ...message.params, _meta: rest } };
    },
  },
});

// Broken on purpose: the client answers sampling/createMessage without the required `model`.
import { runBrokenClient } from './kit/run-client.js';

await runBrokenClient({
  hooks: {
    outgoing: (message, answering) => {
      if (answering?.method !== 'sampling/createMessage' || !('result' in message)) return message;
      const { model: _dropped, ...rest } = message.result;
      return { ...message, result: rest };
    },
  },
});

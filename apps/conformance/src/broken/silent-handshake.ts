// Broken on purpose: initialize and server/discover are never answered (the process stays up and
// reads on), so the server looks alive but no revision can ever start.
import { runBrokenServer } from './kit/run-server.js';

const HANDSHAKES = new Set(['initialize', 'server/discover']);

await runBrokenServer({
  defaultTransport: 'stdio',
  hooks: {
    outgoing: (message, answering) =>
      answering !== undefined && HANDSHAKES.has(answering.method) ? undefined : message,
  },
});

// Broken on purpose: over stdio it writes a log line that is not a JSON-RPC message to stdout,
// at start and before every answer.
import { writeSync } from 'node:fs';
import { runBrokenServer } from './kit/run-server.js';

// Straight to file descriptor 1: the transport's stdout guard would move console output to stderr.
const pollute = () => writeSync(1, '[debug] broken fixture is handling a request\n');

await runBrokenServer({
  defaultTransport: 'stdio',
  afterStdioStart: pollute,
  hooks: {
    incoming: (message) => {
      if ('method' in message && 'id' in message) pollute();
      return message;
    },
  },
});

// Broken on purpose: the process exits (status 3, with a line on stderr) on its first tools/call,
// so a run sees a healthy server die part-way through every revision.
import process from 'node:process';
import { runBrokenServer } from './kit/run-server.js';

await runBrokenServer({
  defaultTransport: 'stdio',
  hooks: {
    incoming: (message) => {
      if ('method' in message && message.method === 'tools/call') {
        process.stderr.write('dies-mid-run: exiting on tools/call\n');
        process.exit(3);
      }
      return message;
    },
  },
});

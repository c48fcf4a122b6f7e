// Broken on purpose: over stdio the client writes a log line that is not JSON-RPC to stdout.
import { writeSync } from 'node:fs';
import { runBrokenClient } from './kit/run-client.js';

// Straight to file descriptor 1, past the stdio transport's guard of console output.
writeSync(1, '[client] starting up\n');
await runBrokenClient({});

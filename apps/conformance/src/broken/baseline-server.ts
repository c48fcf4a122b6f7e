// The correct server the broken ones are made from: no scenario may flag it.
import { runBrokenServer } from './kit/run-server.js';

await runBrokenServer({ defaultTransport: 'stdio' });

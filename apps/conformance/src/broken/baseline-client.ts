// The correct client the broken ones are made from: no client scenario may flag it.
import { runBrokenClient } from './kit/run-client.js';

await runBrokenClient({});

// Bun (npm `bun`): our stdio server and client, and the Web handler on Bun.serve, against real peers.
import { describeRuntime } from './test-helpers/runtime-suite.js';
import { bun } from './test-helpers/runtimes.js';

describeRuntime(bun);

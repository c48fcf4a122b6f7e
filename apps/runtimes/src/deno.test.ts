// Deno (npm `deno`): our stdio server and client, and the Web handler on Deno.serve, against real peers.
import { describeRuntime } from './test-helpers/runtime-suite.js';
import { deno } from './test-helpers/runtimes.js';

describeRuntime(deno);

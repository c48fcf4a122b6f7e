import { elicitationAcrossProcesses } from './elicitation.js';
import { largeBody } from './large-body.js';
import { redisRestart } from './redis-restart.js';
import { resourceUpdatesAcrossProcesses } from './resource-updates.js';
import { sessionDelete } from './session-delete.js';
import { spreadRequests } from './spread-requests.js';
import type { Check } from './types.js';

export type { Check, CheckContext } from './types.js';

/**
 * Every check, in the order they run on one topology. Add a check as a file of its own exporting
 * a `Check` and list it here; checks that disturb the topology go last.
 */
export const CHECKS: readonly Check[] = [
  spreadRequests,
  elicitationAcrossProcesses,
  resourceUpdatesAcrossProcesses,
  sessionDelete,
  largeBody,
  // Next: kill -9 of the process holding a call's SSE stream, resumed through another process with
  // Last-Event-ID (every progress event and the result exactly once). It kills a server, so it
  // must restart it on the same port (nginx's upstream) before the next check.
  redisRestart,
];

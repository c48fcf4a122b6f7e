import { elicitationAcrossProcesses } from './elicitation.js';
import { killHolder } from './kill-holder.js';
import { largeBody } from './large-body.js';
import { listenUpdatesAcrossProcesses } from './listen-updates.js';
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
  listenUpdatesAcrossProcesses,
  sessionDelete,
  largeBody,
  redisRestart,
  // Leaves the killed process dead (nginx passes over it): nothing may come after it.
  killHolder,
];

// Server mode of the harness: check a server (stdio command or HTTP URL) at each revision it serves.
export { TargetUnreachableError } from './lifecycle.js';
export type { ServerModeOptions } from './run-server-mode.js';
export {
  runServerMode,
  SERVER_SCENARIO_IDS,
  SERVER_SCENARIOS,
  validateScenarioIds,
} from './run-server-mode.js';
export type { ScenarioContext, ServerScenario } from './scenario.js';
export type { Revision, Target } from './session.js';
export { REVISIONS } from './session.js';

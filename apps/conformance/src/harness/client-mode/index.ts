// Client mode of the harness: run a client command against mock servers and check what it sent.
export type { ClientEvent, HttpEvent } from './client-log.js';
export { ClientLog } from './client-log.js';
export type { MockBehaviour } from './mock-core.js';
export { mockSchemaProblems } from './mock-validity.js';
export type { ClientModeOptions } from './run-client-mode.js';
export { CLIENT_SCENARIO_IDS, runClientMode, runClientScenario } from './run-client-mode.js';
export type { ClientScenario, ClientTransport } from './scenarios.js';
export { CLIENT_SCENARIOS } from './scenarios.js';

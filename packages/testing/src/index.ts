// Every export of this file is public API of @mcpkit/testing: test MCP servers (and clients) built
// with mcpkit in-process, with any test runner.

// A server and a client connected over an in-memory pair, with simulated auth info and `_meta`.
export type { ConnectInProcessOptions, InProcessConnection } from './connect.js';
export { connectInProcess } from './connect.js';
// Every notification the client received, to assert on or wait for.
export type {
  NotificationMatch,
  RecordedNotification,
  RecordedProgress,
  RecordedRequest,
  WaitForOptions,
} from './recorder.js';
export { NotificationRecorder } from './recorder.js';
// Tool results: typed structured content, text, expected errors.
export type { CallToolHelperOptions } from './results.js';
export {
  callToolError,
  callToolOk,
  callToolStructured,
  callToolText,
  ToolResultError,
  textOf,
  textsOf,
} from './results.js';

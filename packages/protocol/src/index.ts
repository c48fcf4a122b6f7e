// Every export of this file is public API of @mcpkit/protocol. Schemas are named after the spec's
// types (`<TypeName>Schema`) and accept every revision; types are their parsed output.

// Everything the SDK's server side needs at run time (also its own entry, `./essentials`).
export * from './essentials/index.js';
// The skills extension (SEP-2640): the SKILL.md frontmatter reader and the Agent Skills rules.
export { parseSkillFrontmatter, SKILLS_EXTENSION_ID, skillFrontmatterProblem } from './extensions/skills.js';
// Method maps for boundary validation (lenient across revisions, and exact per revision).
export type {
  NotificationMethod,
  NotificationParamsByMethod,
  RequestMethod,
  RequestParamsByMethod,
  ResultByMethod,
  RevisionMethodSchemas,
} from './method-maps.js';
export {
  methodSchemas,
  notificationParamsSchemas,
  notificationSchemas,
  requestParamsSchemas,
  requestSchemas,
  resultSchemas,
} from './method-maps.js';
// Parsing helpers that return a typed value or a precise error with the JSON-RPC code to answer.
export type { ParseResult, ProtocolValidationError } from './parse.js';
export {
  parseAnyRevisionNotificationParams,
  parseJSONRPCMessage,
  parseJSONRPCPayload,
  parseNotificationParams,
  parseRequestParams,
  parseResult,
  parseServerRequestParams,
  parseServerRequestResult,
} from './parse.js';
// Revision-exact schemas: one object per protocol revision, keyed like the barrel (`<TypeName>Schema`).
export {
  revisionSchemas,
  v2024_11_05,
  v2025_03_26,
  v2025_06_18,
  v2025_11_25,
  v2026_07_28,
} from './revisions/index.js';
// The exact result schemas of the everyday methods per revision, each named statically (tree-shakable).
export type { RevisionResultSchemas, TaskResultSchemas } from './revisions/results.js';
export { revisionResultSchemas, taskResultSchemas } from './revisions/results.js';
// The server-to-client questions alone (sampling, elicitation, roots), as the parse helpers above use them.
export type { ServerRequestMaps, ServerRequestMethod } from './server-request-maps.js';
export { anyRevisionServerRequestMaps, serverRequestMaps } from './server-request-maps.js';

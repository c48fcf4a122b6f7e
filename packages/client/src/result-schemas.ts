import {
  type CallToolResult,
  type CompleteResult,
  type EmptyResult,
  type GetPromptResult,
  type InitializeResult,
  isStatelessProtocolVersion,
  isSupportedProtocolVersion,
  LATEST_STATEFUL_PROTOCOL_VERSION,
  type ListPromptsResult,
  type ListResourcesResult,
  type ListResourceTemplatesResult,
  type ListToolsResult,
  type ProtocolVersion,
  type ReadResourceResult,
  type RevisionResultSchemas,
  revisionResultSchemas,
} from '@mcpkit/protocol';
import type * as z from 'zod';
import { isPlainTextToolResult } from './plain-result.js';
import { trustPlainResults } from './validation.js';

// Results of the typed calls, validated against the exact schemas of the negotiated revision (a
// 2024-11-05 server may not send audio content, a 2025-11-25 tool's structuredContent must be an
// object, ...). `revisionResultSchemas` names exactly these schemas, so a client bundle carries them and
// not the rest of the revision namespaces.

export interface TypedResults {
  initialize: InitializeResult;
  ping: EmptyResult;
  'tools/list': ListToolsResult;
  'tools/call': CallToolResult;
  'prompts/list': ListPromptsResult;
  'prompts/get': GetPromptResult;
  'resources/list': ListResourcesResult;
  'resources/templates/list': ListResourceTemplatesResult;
  'resources/read': ReadResourceResult;
  'resources/subscribe': EmptyResult;
  'resources/unsubscribe': EmptyResult;
  'completion/complete': CompleteResult;
  'logging/setLevel': EmptyResult;
}
export type TypedMethod = keyof TypedResults;

const SCHEMA_NAMES = {
  initialize: 'InitializeResultSchema',
  ping: 'EmptyResultSchema',
  'tools/list': 'ListToolsResultSchema',
  'tools/call': 'CallToolResultSchema',
  'prompts/list': 'ListPromptsResultSchema',
  'prompts/get': 'GetPromptResultSchema',
  'resources/list': 'ListResourcesResultSchema',
  'resources/templates/list': 'ListResourceTemplatesResultSchema',
  'resources/read': 'ReadResourceResultSchema',
  'resources/subscribe': 'EmptyResultSchema',
  'resources/unsubscribe': 'EmptyResultSchema',
  'completion/complete': 'CompleteResultSchema',
  'logging/setLevel': 'EmptyResultSchema',
} as const satisfies Record<TypedMethod, keyof RevisionResultSchemas>;

/**
 * Fields 2026-07-28 requires on results that the client tolerates missing: the spec tells clients
 * to read a missing `resultType` as `complete`, and cache hints are only hints.
 */
const TOLERATED_MISSING = ['resultType', 'ttlMs', 'cacheScope'] as const;
/** Keyed by the exact schema (no key string to build on every call); the relaxing depends on it alone. */
const relaxed = new Map<z.ZodType, z.ZodType>();
/**
 * The schema chosen for each revision and method: the revision tables are lazy proxies, and
 * reading through them on every call cost more than the rest of the choice.
 */
const chosen = new Map<string, Partial<Record<TypedMethod, z.ZodType>>>();

/** The schema of `method`'s result under `protocolVersion` (the newest stateful one if unknown). */
export function resultSchemaFor<M extends TypedMethod>(
  method: M,
  protocolVersion: string,
): z.ZodType<TypedResults[M]> {
  // A known revision is its own key: the common case reads the table without the version check.
  const known = chosen.get(protocolVersion)?.[method];
  if (known !== undefined) return known as z.ZodType<TypedResults[M]>;
  const version = isSupportedProtocolVersion(protocolVersion)
    ? protocolVersion
    : LATEST_STATEFUL_PROTOCOL_VERSION;
  let byMethod = chosen.get(version);
  if (byMethod === undefined) {
    byMethod = {};
    chosen.set(version, byMethod);
  }
  byMethod[method] ??= chooseSchema(method, version);
  return byMethod[method] as z.ZodType<TypedResults[M]>;
}

function chooseSchema(method: TypedMethod, version: ProtocolVersion): z.ZodType {
  const exact = revisionResultSchemas[version][SCHEMA_NAMES[method]] as z.ZodType;
  if (!isStatelessProtocolVersion(version)) {
    // The stateful revisions' CallToolResult takes a bare-text result as it is (no resultType needed).
    if (method === 'tools/call') trustPlainResults(exact, isPlainTextToolResult);
    return exact;
  }
  let schema = relaxed.get(exact);
  if (!schema) {
    const object = exact as unknown as z.ZodObject;
    const present = TOLERATED_MISSING.filter((field) => field in object.shape);
    const mask = Object.fromEntries(present.map((field) => [field, true])) as Record<string, true>;
    schema = object.partial(mask as never);
    relaxed.set(exact, schema);
    if (method === 'tools/call') trustPlainResults(schema, isPlainTextToolResult);
  }
  return schema;
}

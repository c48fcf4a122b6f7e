import {
  type InitializeRequestParams,
  LOGGING_LEVELS,
  MetaKey,
  type RequestMetaObject,
} from '@mcpkit/protocol/essentials';

// Every 2026-07-28 request carries its `_meta` envelope (protocol version, client capabilities,
// client info), and zod-parsing it on each request cost more than the rest of an echo call's
// server work. `isPlainValidRequestMeta` is a hand-written check, as the jsonrpc codec does for
// messages: it answers `true` only for an envelope that `RequestMetaObjectSchema` certainly
// accepts unchanged, in the shapes clients send. Anything else (an icon list, a wrong type, a
// shape it does not know) answers `false`, and the caller asks the schema, which then says
// precisely what is wrong: the fast path never accepts what the schema refuses, and errors keep
// their wording.

type Plain = Record<string, unknown>;

const LEVELS: ReadonlySet<unknown> = new Set(LOGGING_LEVELS);

function isObject(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An optional `looseObject({})` capability marker. */
function isMarker(value: unknown): boolean {
  return value === undefined || isObject(value);
}

/** An object whose listed keys are optional markers. */
function isMarkerGroup(value: unknown, keys: readonly string[]): boolean {
  if (!isObject(value)) return false;
  for (const key of keys) if (!isMarker(value[key])) return false;
  return true;
}

/**
 * A `record(string, looseObject({}))`. Stricter than the schema where that is simpler (a plain
 * object; no `__proto__` key, which the schema treats specially): those go to the schema.
 */
function isMarkerMap(value: unknown): boolean {
  if (!isObject(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key === '__proto__' || !isObject(value[key])) return false;
  }
  return true;
}

const SAMPLING_KEYS = ['context', 'tools'] as const;
const ELICITATION_KEYS = ['form', 'url'] as const;
function isClientCapabilities(value: unknown): boolean {
  if (value === undefined) return true;
  if (!isObject(value)) return false;
  const roots = value.roots;
  if (roots !== undefined) {
    if (!isObject(roots)) return false;
    if (roots.listChanged !== undefined && typeof roots.listChanged !== 'boolean') return false;
  }
  // Absent members are skipped here, not in the helpers: every request checks this envelope, and
  // each call costs more than the comparison (issue 41 counts calls per request).
  const { experimental, extensions, sampling, elicitation } = value;
  return (
    (experimental === undefined || isMarkerMap(experimental)) &&
    (extensions === undefined || isMarkerMap(extensions)) &&
    (sampling === undefined || isMarkerGroup(sampling, SAMPLING_KEYS)) &&
    (elicitation === undefined || isMarkerGroup(elicitation, ELICITATION_KEYS)) &&
    // 2025-11-25's experimental tasks capability has no place in a 2026-07-28 envelope: the schema checks it.
    value.tasks === undefined
  );
}

/** An optional string member of Implementation. */
const isOptionalString = (value: unknown): boolean => value === undefined || typeof value === 'string';

function isClientInfo(value: unknown): boolean {
  if (value === undefined) return true;
  // Each member read by name: a loop over key names made these keyed loads, megamorphic on every
  // 2026-07-28 request.
  return (
    isObject(value) &&
    typeof value.name === 'string' &&
    typeof value.version === 'string' &&
    isOptionalString(value.title) &&
    isOptionalString(value.description) &&
    isOptionalString(value.websiteUrl) &&
    // Icons are rare in a per-request envelope: the schema checks them.
    value.icons === undefined
  );
}

/**
 * True when `meta` is a request `_meta` that `RequestMetaObjectSchema` accepts as it is (no key
 * changed by parsing); false means "ask the schema" (which gives the precise error, if any).
 */
export function isPlainValidRequestMeta(meta: unknown): meta is RequestMetaObject {
  if (!isObject(meta)) return false;
  const token = meta.progressToken;
  if (token !== undefined && typeof token !== 'string' && !Number.isSafeInteger(token)) return false;
  const level = meta[MetaKey.LogLevel];
  const version = meta[MetaKey.ProtocolVersion];
  return (
    (version === undefined || typeof version === 'string') &&
    isClientCapabilities(meta[MetaKey.ClientCapabilities]) &&
    isClientInfo(meta[MetaKey.ClientInfo]) &&
    (level === undefined || LEVELS.has(level))
  );
}

/**
 * True when `params` are `initialize` params that `InitializeRequestParamsSchema` accepts as they
 * are, in the shape clients send (no `_meta`); false means "ask the schema". A server's first
 * answer then waits for no schema to be built.
 */
export function isPlainInitializeParams(params: unknown): params is InitializeRequestParams {
  return (
    isObject(params) &&
    typeof params.protocolVersion === 'string' &&
    params.capabilities !== undefined &&
    isClientCapabilities(params.capabilities) &&
    params.clientInfo !== undefined &&
    isClientInfo(params.clientInfo) &&
    params._meta === undefined
  );
}

import { LOGGING_LEVELS, type MetaKey } from '../constants.js';
import { built, lazy } from './lazy.js';
import { z } from './zod.js';

// Building blocks shared by every MCP message. Objects are loose on purpose: unknown keys (future
// fields, vendor extensions) survive parsing so a proxy or a newer peer loses nothing.

/**
 * A `_meta` shape keyed by MetaKey values. Such shapes spell the keys out: a computed key
 * (`[MetaKey.X]`) reads MetaKey at load time, which keeps the schema in bundles that never use it;
 * `satisfies MetaShape` still rejects a key that is not a MetaKey value.
 */
export type MetaShape = Partial<Record<(typeof MetaKey)[keyof typeof MetaKey], z.ZodType>>;

/**
 * A JSON integer within the safe range (`z.int()` rejects fractions and anything beyond 2^53-1).
 * Its type error says "expected integer" rather than zod's "expected number", so an error such as
 * `id: expected string or integer` tells the sender exactly what is allowed.
 */
export function integer() {
  return built(SAFE_INTEGER);
}
// One shared instance: schemas are immutable, and building a zod int is costly enough that the
// two dozen fields using it added ~6 ms to every process importing this package.
const SAFE_INTEGER = /* @__PURE__ */ lazy(() =>
  z.int({
    error: (issue) => (issue.code === 'invalid_type' ? 'expected integer' : undefined),
  }),
);

/** JSON-RPC id: a string or a safe integer (`integer()` rejects fractions and unsafe integers). */
export const RequestIdSchema = /* @__PURE__ */ lazy(() =>
  z.union([/* @__PURE__ */ z.string(), /* @__PURE__ */ integer()]),
);

/**
 * Zod schema of `ProgressToken`. A progress token, used to associate progress notifications with the
 * original request.
 */
export const ProgressTokenSchema = /* @__PURE__ */ lazy(() =>
  z.union([/* @__PURE__ */ z.string(), /* @__PURE__ */ integer()]),
);
/** A progress token, used to associate progress notifications with the original request. */
export type ProgressToken = z.infer<typeof ProgressTokenSchema>;

/** Zod schema of `Cursor`. An opaque token used to represent a cursor for pagination. */
export const CursorSchema = /* @__PURE__ */ lazy(() => z.string());
/** An opaque token used to represent a cursor for pagination. */
export type Cursor = z.infer<typeof CursorSchema>;

/** Zod schema of `Role`. The sender or recipient of messages and data in a conversation. */
export const RoleSchema = /* @__PURE__ */ lazy(() => z.enum(['user', 'assistant']));
/** The sender or recipient of messages and data in a conversation. */
export type Role = z.infer<typeof RoleSchema>;

/**
 * Zod schema of `LoggingLevel`. The severity of a log message. These map to syslog message severities,
 * as specified in RFC-5424: https://datatracker.ietf.org/doc/html/rfc5424#section-6.2.1.
 */
export const LoggingLevelSchema = /* @__PURE__ */ lazy(() => z.enum(LOGGING_LEVELS));

/** Any JSON object, kept verbatim. */
export const JSONObjectSchema = /* @__PURE__ */ lazy(() =>
  z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.unknown()),
);

/** Free-form `_meta`: every key is preserved. */
export const MetaObjectSchema = /* @__PURE__ */ lazy(() =>
  z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.unknown()),
);
/**
 * Represents the contents of a `_meta` field, which clients and servers use to attach additional
 * metadata to their interactions.
 */
export type MetaObject = z.infer<typeof MetaObjectSchema>;

/** An object capability marker such as `logging: {}`: any keys allowed. */
export const CapabilityObjectSchema = /* @__PURE__ */ lazy(() => z.looseObject({}));

/** Zod schema of `Icon`. An optionally-sized icon that can be displayed in a user interface. */
export const IconSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    src: /* @__PURE__ */ z.string(),
    mimeType: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    sizes: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(/* @__PURE__ */ z.string())),
    theme: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.enum(['light', 'dark'])),
  }),
);
/** An optionally-sized icon that can be displayed in a user interface. */
export type Icon = z.infer<typeof IconSchema>;

/** Zod schema of `Icons`. Base interface to add `icons` property. */
export const IconsSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    icons: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(built(IconSchema))),
  }),
);
/** Base interface to add `icons` property. */
export type Icons = z.infer<typeof IconsSchema>;

/**
 * Zod schema of `BaseMetadata`. Base interface for metadata with name (identifier) and title (display
 * name) properties.
 */
export const BaseMetadataSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    name: /* @__PURE__ */ z.string(),
    title: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  }),
);
/** Base interface for metadata with name (identifier) and title (display name) properties. */
export type BaseMetadata = z.infer<typeof BaseMetadataSchema>;

/** Name and version of an MCP client or server. */
export const ImplementationSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    name: /* @__PURE__ */ z.string(),
    title: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    version: /* @__PURE__ */ z.string(),
    description: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    websiteUrl: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    icons: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(built(IconSchema))),
  }),
);
/** Describes the MCP implementation. */
export type Implementation = z.infer<typeof ImplementationSchema>;

/**
 * Zod schema of `Annotations`. Optional annotations for the client. The client can use annotations to
 * inform how objects are used or displayed.
 */
export const AnnotationsSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    audience: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(built(RoleSchema))),
    priority: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.number().min(0).max(1)),
    lastModified: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  }),
);
/**
 * Optional annotations for the client. The client can use annotations to inform how objects are used
 * or displayed.
 */
export type Annotations = z.infer<typeof AnnotationsSchema>;

/**
 * Zod schema of `ResultType`. Indicates the type of a `Result` object, allowing the client to
 * determine how to parse the response. complete - the request completed successfully and the result
 * contains the final content. input_required - the request requires additional input and the result
 * contains an `InputRequiredResult` object with instructions for the client to provide additional
 * input before retrying the original request.
 */
export const ResultTypeSchema = /* @__PURE__ */ lazy(() => z.string());
/**
 * Indicates the type of a `Result` object, allowing the client to determine how to parse the response.
 * complete - the request completed successfully and the result contains the final content.
 * input_required - the request requires additional input and the result contains an
 * `InputRequiredResult` object with instructions for the client to provide additional input before
 * retrying the original request.
 */
export type ResultType = z.infer<typeof ResultTypeSchema>;

/**
 * Zod schema of `CacheScope`. Who may reuse a cached 2026-07-28 result (SEP-2549): `public` (any
 * client) or `private` (this one).
 */
export const CacheScopeSchema = /* @__PURE__ */ lazy(() => z.enum(['public', 'private']));
/** Who may reuse a cached 2026-07-28 result (SEP-2549): `public` (any client) or `private` (this one). */
export type CacheScope = z.infer<typeof CacheScopeSchema>;

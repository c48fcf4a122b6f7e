import * as z from 'zod';
import { LOGGING_LEVELS } from '../constants.js';

// Building blocks shared by every MCP message. Objects are loose on purpose: unknown keys (future
// fields, vendor extensions) survive parsing so a proxy or a newer peer loses nothing.

/**
 * A JSON integer within the safe range (`z.int()` rejects fractions and anything beyond 2^53-1).
 * Its type error says "expected integer" rather than zod's "expected number", so an error such as
 * `id: expected string or integer` tells the sender exactly what is allowed.
 */
export function integer() {
  return z.int({ error: (issue) => (issue.code === 'invalid_type' ? 'expected integer' : undefined) });
}

/** JSON-RPC id: a string or a safe integer (`integer()` rejects fractions and unsafe integers). */
export const RequestIdSchema = z.union([z.string(), integer()]);

export const ProgressTokenSchema = z.union([z.string(), integer()]);
export type ProgressToken = z.infer<typeof ProgressTokenSchema>;

export const CursorSchema = z.string();
export type Cursor = z.infer<typeof CursorSchema>;

export const RoleSchema = z.enum(['user', 'assistant']);
export type Role = z.infer<typeof RoleSchema>;

export const LoggingLevelSchema = z.enum(LOGGING_LEVELS);

/** Any JSON object, kept verbatim. */
export const JSONObjectSchema = z.record(z.string(), z.unknown());

/** Free-form `_meta`: every key is preserved. */
export const MetaObjectSchema = z.record(z.string(), z.unknown());
export type MetaObject = z.infer<typeof MetaObjectSchema>;

/** An object capability marker such as `logging: {}`: any keys allowed. */
export const CapabilityObjectSchema = z.looseObject({});

export const IconSchema = z.looseObject({
  src: z.string(),
  mimeType: z.optional(z.string()),
  sizes: z.optional(z.array(z.string())),
  theme: z.optional(z.enum(['light', 'dark'])),
});
export type Icon = z.infer<typeof IconSchema>;

export const IconsSchema = z.looseObject({ icons: z.optional(z.array(IconSchema)) });
export type Icons = z.infer<typeof IconsSchema>;

export const BaseMetadataSchema = z.looseObject({ name: z.string(), title: z.optional(z.string()) });
export type BaseMetadata = z.infer<typeof BaseMetadataSchema>;

/** Name and version of an MCP client or server. */
export const ImplementationSchema = z.looseObject({
  name: z.string(),
  title: z.optional(z.string()),
  version: z.string(),
  description: z.optional(z.string()),
  websiteUrl: z.optional(z.string()),
  icons: z.optional(z.array(IconSchema)),
});
export type Implementation = z.infer<typeof ImplementationSchema>;

export const AnnotationsSchema = z.looseObject({
  audience: z.optional(z.array(RoleSchema)),
  priority: z.optional(z.number().min(0).max(1)),
  lastModified: z.optional(z.string()),
});
export type Annotations = z.infer<typeof AnnotationsSchema>;

export const ResultTypeSchema = z.string();
export type ResultType = z.infer<typeof ResultTypeSchema>;

export const CacheScopeSchema = z.enum(['public', 'private']);
export type CacheScope = z.infer<typeof CacheScopeSchema>;

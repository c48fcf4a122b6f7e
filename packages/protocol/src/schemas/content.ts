import * as z from 'zod';
import { AnnotationsSchema, IconSchema, MetaObjectSchema } from './base.js';

// Content blocks carried by tool results, prompt messages and sampling messages.

export const TextContentSchema = z.looseObject({
  type: z.literal('text'),
  text: z.string(),
  annotations: z.optional(AnnotationsSchema),
  _meta: z.optional(MetaObjectSchema),
});
export type TextContent = z.infer<typeof TextContentSchema>;

/** `data` is base64; it is not decoded here (decoding megabytes on every message would be wasteful). */
export const ImageContentSchema = z.looseObject({
  type: z.literal('image'),
  data: z.string(),
  mimeType: z.string(),
  annotations: z.optional(AnnotationsSchema),
  _meta: z.optional(MetaObjectSchema),
});
export type ImageContent = z.infer<typeof ImageContentSchema>;

/** Since 2025-03-26. */
export const AudioContentSchema = z.looseObject({
  type: z.literal('audio'),
  data: z.string(),
  mimeType: z.string(),
  annotations: z.optional(AnnotationsSchema),
  _meta: z.optional(MetaObjectSchema),
});
export type AudioContent = z.infer<typeof AudioContentSchema>;

export const ResourceContentsSchema = z.looseObject({
  uri: z.string(),
  mimeType: z.optional(z.string()),
  _meta: z.optional(MetaObjectSchema),
});
export type ResourceContents = z.infer<typeof ResourceContentsSchema>;

export const TextResourceContentsSchema = ResourceContentsSchema.extend({ text: z.string() });
export type TextResourceContents = z.infer<typeof TextResourceContentsSchema>;

export const BlobResourceContentsSchema = ResourceContentsSchema.extend({ blob: z.string() });
export type BlobResourceContents = z.infer<typeof BlobResourceContentsSchema>;

/** Text or blob contents: the key present decides which. */
export const ResourceContentsItemSchema = z.union([TextResourceContentsSchema, BlobResourceContentsSchema]);
export type ResourceContentsItem = z.infer<typeof ResourceContentsItemSchema>;

export const EmbeddedResourceSchema = z.looseObject({
  type: z.literal('resource'),
  resource: ResourceContentsItemSchema,
  annotations: z.optional(AnnotationsSchema),
  _meta: z.optional(MetaObjectSchema),
});
export type EmbeddedResource = z.infer<typeof EmbeddedResourceSchema>;

/** A resource the client may read or subscribe to (since 2025-06-18). */
export const ResourceSchema = z.looseObject({
  uri: z.string(),
  name: z.string(),
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  mimeType: z.optional(z.string()),
  size: z.optional(z.number()),
  icons: z.optional(z.array(IconSchema)),
  annotations: z.optional(AnnotationsSchema),
  _meta: z.optional(MetaObjectSchema),
});
export type Resource = z.infer<typeof ResourceSchema>;

export const ResourceLinkSchema = ResourceSchema.extend({ type: z.literal('resource_link') });
export type ResourceLink = z.infer<typeof ResourceLinkSchema>;

/** Every content block of the newest revision, dispatched on `type`. */
export const ContentBlockSchema = z.discriminatedUnion('type', [
  TextContentSchema,
  ImageContentSchema,
  AudioContentSchema,
  ResourceLinkSchema,
  EmbeddedResourceSchema,
]);
export type ContentBlock = z.infer<typeof ContentBlockSchema>;

/** Content blocks of 2024-11-05 (no audio, no resource links). */
export const ContentBlock20241105Schema = z.discriminatedUnion('type', [
  TextContentSchema,
  ImageContentSchema,
  EmbeddedResourceSchema,
]);
/** Content blocks of 2025-03-26 (audio added; resource links came in 2025-06-18). */
export const ContentBlock20250326Schema = z.discriminatedUnion('type', [
  TextContentSchema,
  ImageContentSchema,
  AudioContentSchema,
  EmbeddedResourceSchema,
]);

/** A model's request to call a tool, inside a sampling message (since 2025-11-25). */
export const ToolUseContentSchema = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.record(z.string(), z.unknown()),
  _meta: z.optional(MetaObjectSchema),
});
export type ToolUseContent = z.infer<typeof ToolUseContentSchema>;

/** The outcome of a tool call, fed back to the model in a sampling message (since 2025-11-25). */
export const ToolResultContentSchema = z.looseObject({
  type: z.literal('tool_result'),
  toolUseId: z.string(),
  content: z.array(ContentBlockSchema),
  structuredContent: z.optional(z.unknown()),
  isError: z.optional(z.boolean()),
  _meta: z.optional(MetaObjectSchema),
});
export type ToolResultContent = z.infer<typeof ToolResultContentSchema>;

export const SamplingMessageContentBlockSchema = z.discriminatedUnion('type', [
  TextContentSchema,
  ImageContentSchema,
  AudioContentSchema,
  ToolUseContentSchema,
  ToolResultContentSchema,
]);
export type SamplingMessageContentBlock = z.infer<typeof SamplingMessageContentBlockSchema>;

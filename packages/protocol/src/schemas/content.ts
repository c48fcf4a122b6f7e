import { AnnotationsSchema, IconSchema, MetaObjectSchema } from './base.js';
import { built, lazy } from './lazy.js';
import { z } from './zod.js';

// Content blocks carried by tool results, prompt messages and sampling messages.

/** Zod schema of `TextContent`. Text provided to or from an LLM. */
export const TextContentSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    type: /* @__PURE__ */ z.literal('text'),
    text: /* @__PURE__ */ z.string(),
    annotations: /* @__PURE__ */ z.optional(built(AnnotationsSchema)),
    _meta: /* @__PURE__ */ z.optional(built(MetaObjectSchema)),
  }),
);
/** Text provided to or from an LLM. */
export type TextContent = z.infer<typeof TextContentSchema>;

/** `data` is base64; it is not decoded here (decoding megabytes on every message would be wasteful). */
export const ImageContentSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    type: /* @__PURE__ */ z.literal('image'),
    data: /* @__PURE__ */ z.string(),
    mimeType: /* @__PURE__ */ z.string(),
    annotations: /* @__PURE__ */ z.optional(built(AnnotationsSchema)),
    _meta: /* @__PURE__ */ z.optional(built(MetaObjectSchema)),
  }),
);
/** An image provided to or from an LLM. */
export type ImageContent = z.infer<typeof ImageContentSchema>;

/** Since 2025-03-26. */
export const AudioContentSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    type: /* @__PURE__ */ z.literal('audio'),
    data: /* @__PURE__ */ z.string(),
    mimeType: /* @__PURE__ */ z.string(),
    annotations: /* @__PURE__ */ z.optional(built(AnnotationsSchema)),
    _meta: /* @__PURE__ */ z.optional(built(MetaObjectSchema)),
  }),
);
/** Audio provided to or from an LLM. */
export type AudioContent = z.infer<typeof AudioContentSchema>;

/** Zod schema of `ResourceContents`. The contents of a specific resource or sub-resource. */
export const ResourceContentsSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    uri: /* @__PURE__ */ z.string(),
    mimeType: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    _meta: /* @__PURE__ */ z.optional(built(MetaObjectSchema)),
  }),
);
/** The contents of a specific resource or sub-resource. */
export type ResourceContents = z.infer<typeof ResourceContentsSchema>;

/** Zod schema of `TextResourceContents`. Contents of a resource as text. */
export const TextResourceContentsSchema = /* @__PURE__ */ lazy(() =>
  built(ResourceContentsSchema).extend({
    text: /* @__PURE__ */ z.string(),
  }),
);
/** Contents of a resource as text. */
export type TextResourceContents = z.infer<typeof TextResourceContentsSchema>;

/** Zod schema of `BlobResourceContents`. Contents of a resource as base64-encoded binary data (`blob`). */
export const BlobResourceContentsSchema = /* @__PURE__ */ lazy(() =>
  built(ResourceContentsSchema).extend({
    blob: /* @__PURE__ */ z.string(),
  }),
);
/** Contents of a resource as base64-encoded binary data (`blob`). */
export type BlobResourceContents = z.infer<typeof BlobResourceContentsSchema>;

/** Text or blob contents: the key present decides which. */
export const ResourceContentsItemSchema = /* @__PURE__ */ lazy(() =>
  z.union([built(TextResourceContentsSchema), built(BlobResourceContentsSchema)]),
);
/** One item of a resource's contents: text or blob, whichever key is present. */
export type ResourceContentsItem = z.infer<typeof ResourceContentsItemSchema>;

/**
 * Zod schema of `EmbeddedResource`. The contents of a resource, embedded into a prompt or tool call
 * result.
 */
export const EmbeddedResourceSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    type: /* @__PURE__ */ z.literal('resource'),
    resource: built(ResourceContentsItemSchema),
    annotations: /* @__PURE__ */ z.optional(built(AnnotationsSchema)),
    _meta: /* @__PURE__ */ z.optional(built(MetaObjectSchema)),
  }),
);
/** The contents of a resource, embedded into a prompt or tool call result. */
export type EmbeddedResource = z.infer<typeof EmbeddedResourceSchema>;

/** A resource the client may read or subscribe to (since 2025-06-18). */
export const ResourceSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    uri: /* @__PURE__ */ z.string(),
    name: /* @__PURE__ */ z.string(),
    title: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    description: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    mimeType: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    size: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.number()),
    icons: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(built(IconSchema))),
    annotations: /* @__PURE__ */ z.optional(built(AnnotationsSchema)),
    _meta: /* @__PURE__ */ z.optional(built(MetaObjectSchema)),
  }),
);
/** A known resource that the server is capable of reading. */
export type Resource = z.infer<typeof ResourceSchema>;

/**
 * Zod schema of `ResourceLink`. A resource that the server is capable of reading, included in a prompt
 * or tool call result.
 */
export const ResourceLinkSchema = /* @__PURE__ */ lazy(() =>
  built(ResourceSchema).extend({
    type: /* @__PURE__ */ z.literal('resource_link'),
  }),
);
/** A resource that the server is capable of reading, included in a prompt or tool call result. */
export type ResourceLink = z.infer<typeof ResourceLinkSchema>;

/** Every content block of the newest revision, dispatched on `type`. */
export const ContentBlockSchema = /* @__PURE__ */ lazy(() =>
  z.discriminatedUnion('type', [
    built(TextContentSchema),
    built(ImageContentSchema),
    built(AudioContentSchema),
    built(ResourceLinkSchema),
    built(EmbeddedResourceSchema),
  ]),
);
/**
 * One piece of content in a tool result, prompt message or sampling message: text, image, audio, a
 * resource link or an embedded resource.
 */
export type ContentBlock = z.infer<typeof ContentBlockSchema>;

/** Content blocks of 2024-11-05 (no audio, no resource links). */
export const ContentBlock20241105Schema = /* @__PURE__ */ lazy(() =>
  z.discriminatedUnion('type', [
    built(TextContentSchema),
    built(ImageContentSchema),
    built(EmbeddedResourceSchema),
  ]),
);
/** Content blocks of 2025-03-26 (audio added; resource links came in 2025-06-18). */
export const ContentBlock20250326Schema = /* @__PURE__ */ lazy(() =>
  z.discriminatedUnion('type', [
    built(TextContentSchema),
    built(ImageContentSchema),
    built(AudioContentSchema),
    built(EmbeddedResourceSchema),
  ]),
);

/** A model's request to call a tool, inside a sampling message (since 2025-11-25). */
export const ToolUseContentSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    type: /* @__PURE__ */ z.literal('tool_use'),
    id: /* @__PURE__ */ z.string(),
    name: /* @__PURE__ */ z.string(),
    input: /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.unknown()),
    _meta: /* @__PURE__ */ z.optional(built(MetaObjectSchema)),
  }),
);
/** A request from the assistant to call a tool. */
export type ToolUseContent = z.infer<typeof ToolUseContentSchema>;

/** The outcome of a tool call, fed back to the model in a sampling message (since 2025-11-25). */
export const ToolResultContentSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    type: /* @__PURE__ */ z.literal('tool_result'),
    toolUseId: /* @__PURE__ */ z.string(),
    content: /* @__PURE__ */ z.array(built(ContentBlockSchema)),
    structuredContent: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.unknown()),
    isError: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
    _meta: /* @__PURE__ */ z.optional(built(MetaObjectSchema)),
  }),
);
/** The result of a tool use, provided by the user back to the assistant. */
export type ToolResultContent = z.infer<typeof ToolResultContentSchema>;

/**
 * Zod schema of `SamplingMessageContentBlock`. One piece of content in a sampling message: text,
 * image, audio, a tool use or a tool result.
 */
export const SamplingMessageContentBlockSchema = /* @__PURE__ */ lazy(() =>
  z.discriminatedUnion('type', [
    built(TextContentSchema),
    built(ImageContentSchema),
    built(AudioContentSchema),
    built(ToolUseContentSchema),
    built(ToolResultContentSchema),
  ]),
);
/** One piece of content in a sampling message: text, image, audio, a tool use or a tool result. */
export type SamplingMessageContentBlock = z.infer<typeof SamplingMessageContentBlockSchema>;

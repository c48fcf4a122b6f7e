import * as z from 'zod';
import { integer } from './base.js';
import { notificationSchema } from './jsonrpc.js';
import { NotificationParamsSchema, RequestParamsSchema, ResultSchema } from './params.js';
import { inputRequestSchema } from './sampling.js';
import { TaskMetadataSchema } from './tasks.js';

// elicitation/create: the server asks the user, through the client, for structured input (form
// mode, since 2025-06-18) or to visit a URL (URL mode, since 2025-11-25).

export const StringSchemaSchema = z.looseObject({
  type: z.literal('string'),
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  minLength: z.optional(integer()),
  maxLength: z.optional(integer()),
  format: z.optional(z.enum(['email', 'uri', 'date', 'date-time'])),
  default: z.optional(z.string()),
});
export type StringSchema = z.infer<typeof StringSchemaSchema>;

export const NumberSchemaSchema = z.looseObject({
  type: z.enum(['number', 'integer']),
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  minimum: z.optional(z.number()),
  maximum: z.optional(z.number()),
  default: z.optional(z.number()),
});
export type NumberSchema = z.infer<typeof NumberSchemaSchema>;

export const BooleanSchemaSchema = z.looseObject({
  type: z.literal('boolean'),
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  default: z.optional(z.boolean()),
});
export type BooleanSchema = z.infer<typeof BooleanSchemaSchema>;

const TitledOptionSchema = z.looseObject({ const: z.string(), title: z.string() });

export const UntitledSingleSelectEnumSchemaSchema = z.looseObject({
  type: z.literal('string'),
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  enum: z.array(z.string()),
  default: z.optional(z.string()),
});
export type UntitledSingleSelectEnumSchema = z.infer<typeof UntitledSingleSelectEnumSchemaSchema>;

export const TitledSingleSelectEnumSchemaSchema = z.looseObject({
  type: z.literal('string'),
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  oneOf: z.array(TitledOptionSchema),
  default: z.optional(z.string()),
});
export type TitledSingleSelectEnumSchema = z.infer<typeof TitledSingleSelectEnumSchemaSchema>;

export const UntitledMultiSelectEnumSchemaSchema = z.looseObject({
  type: z.literal('array'),
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  minItems: z.optional(integer()),
  maxItems: z.optional(integer()),
  items: z.looseObject({ type: z.literal('string'), enum: z.array(z.string()) }),
  default: z.optional(z.array(z.string())),
});
export type UntitledMultiSelectEnumSchema = z.infer<typeof UntitledMultiSelectEnumSchemaSchema>;

export const TitledMultiSelectEnumSchemaSchema = z.looseObject({
  type: z.literal('array'),
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  minItems: z.optional(integer()),
  maxItems: z.optional(integer()),
  items: z.looseObject({ anyOf: z.array(TitledOptionSchema) }),
  default: z.optional(z.array(z.string())),
});
export type TitledMultiSelectEnumSchema = z.infer<typeof TitledMultiSelectEnumSchemaSchema>;

/** Deprecated `enumNames` form (2025-06-18), still accepted. */
export const LegacyTitledEnumSchemaSchema = UntitledSingleSelectEnumSchemaSchema.extend({
  enumNames: z.optional(z.array(z.string())),
});
export type LegacyTitledEnumSchema = z.infer<typeof LegacyTitledEnumSchemaSchema>;

export const SingleSelectEnumSchemaSchema = z.union([
  UntitledSingleSelectEnumSchemaSchema,
  TitledSingleSelectEnumSchemaSchema,
]);
export const MultiSelectEnumSchemaSchema = z.union([
  UntitledMultiSelectEnumSchemaSchema,
  TitledMultiSelectEnumSchemaSchema,
]);
export const EnumSchemaSchema = z.union([
  UntitledSingleSelectEnumSchemaSchema,
  TitledSingleSelectEnumSchemaSchema,
  UntitledMultiSelectEnumSchemaSchema,
  TitledMultiSelectEnumSchemaSchema,
  LegacyTitledEnumSchemaSchema,
]);
export type EnumSchema = z.infer<typeof EnumSchemaSchema>;

/** One field of a form: a flat primitive schema (strings with `oneOf`/`enum` are enums). */
export const PrimitiveSchemaDefinitionSchema = z.union([
  TitledSingleSelectEnumSchemaSchema,
  LegacyTitledEnumSchemaSchema,
  StringSchemaSchema,
  NumberSchemaSchema,
  BooleanSchemaSchema,
  UntitledMultiSelectEnumSchemaSchema,
  TitledMultiSelectEnumSchemaSchema,
]);
export type PrimitiveSchemaDefinition = z.infer<typeof PrimitiveSchemaDefinitionSchema>;

export const ElicitRequestedSchemaSchema = z.looseObject({
  $schema: z.optional(z.string()),
  type: z.literal('object'),
  properties: z.record(z.string(), PrimitiveSchemaDefinitionSchema),
  required: z.optional(z.array(z.string())),
});

export const ElicitRequestFormParamsSchema = RequestParamsSchema.extend({
  /** Absent in 2025-06-18 (form was the only mode). */
  mode: z.optional(z.literal('form')),
  message: z.string(),
  requestedSchema: ElicitRequestedSchemaSchema,
  task: z.optional(TaskMetadataSchema),
});
export type ElicitRequestFormParams = z.infer<typeof ElicitRequestFormParamsSchema>;

export const ElicitRequestURLParamsSchema = RequestParamsSchema.extend({
  mode: z.literal('url'),
  message: z.string(),
  url: z.string(),
  /** Required in 2025-11-25; dropped in 2026-07-28. */
  elicitationId: z.optional(z.string()),
  task: z.optional(TaskMetadataSchema),
});
export type ElicitRequestURLParams = z.infer<typeof ElicitRequestURLParamsSchema>;

export const ElicitRequestParamsSchema = z.union([
  ElicitRequestURLParamsSchema,
  ElicitRequestFormParamsSchema,
]);
export type ElicitRequestParams = z.infer<typeof ElicitRequestParamsSchema>;

export const ElicitRequestSchema = inputRequestSchema('elicitation/create', ElicitRequestParamsSchema);
export type ElicitRequest = z.infer<typeof ElicitRequestSchema>;

export const ElicitResultContentValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
]);

export const ElicitResultSchema = ResultSchema.extend({
  action: z.enum(['accept', 'decline', 'cancel']),
  content: z.optional(z.record(z.string(), ElicitResultContentValueSchema)),
});
export type ElicitResult = z.infer<typeof ElicitResultSchema>;

/** 2025-11-25: the server tells the client a URL-mode elicitation finished. */
export const ElicitationCompleteNotificationSchema = notificationSchema(
  'notifications/elicitation/complete',
  NotificationParamsSchema.extend({ elicitationId: z.string() }),
);
export type ElicitationCompleteNotification = z.infer<typeof ElicitationCompleteNotificationSchema>;

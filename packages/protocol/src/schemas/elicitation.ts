import * as z from 'zod';
import { integer } from './base.js';
import { notificationSchema } from './jsonrpc.js';
import { NotificationParamsSchema, RequestParamsSchema, ResultSchema } from './params.js';
import { inputRequestSchema } from './sampling.js';
import { TaskMetadataSchema } from './tasks.js';

// elicitation/create: the server asks the user, through the client, for structured input (form
// mode, since 2025-06-18) or to visit a URL (URL mode, since 2025-11-25).

export const StringSchemaSchema = /* @__PURE__ */ z.looseObject({
  type: /* @__PURE__ */ z.literal('string'),
  title: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  description: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  minLength: /* @__PURE__ */ z.optional(/* @__PURE__ */ integer()),
  maxLength: /* @__PURE__ */ z.optional(/* @__PURE__ */ integer()),
  format: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.enum(['email', 'uri', 'date', 'date-time'])),
  default: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
});
export type StringSchema = z.infer<typeof StringSchemaSchema>;

export const NumberSchemaSchema = /* @__PURE__ */ z.looseObject({
  type: /* @__PURE__ */ z.enum(['number', 'integer']),
  title: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  description: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  minimum: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.number()),
  maximum: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.number()),
  default: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.number()),
});
export type NumberSchema = z.infer<typeof NumberSchemaSchema>;

export const BooleanSchemaSchema = /* @__PURE__ */ z.looseObject({
  type: /* @__PURE__ */ z.literal('boolean'),
  title: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  description: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  default: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
});
export type BooleanSchema = z.infer<typeof BooleanSchemaSchema>;

const TitledOptionSchema = /* @__PURE__ */ z.looseObject({
  const: /* @__PURE__ */ z.string(),
  title: /* @__PURE__ */ z.string(),
});

export const UntitledSingleSelectEnumSchemaSchema = /* @__PURE__ */ z.looseObject({
  type: /* @__PURE__ */ z.literal('string'),
  title: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  description: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  enum: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
  default: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
});
export type UntitledSingleSelectEnumSchema = z.infer<typeof UntitledSingleSelectEnumSchemaSchema>;

export const TitledSingleSelectEnumSchemaSchema = /* @__PURE__ */ z.looseObject({
  type: /* @__PURE__ */ z.literal('string'),
  title: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  description: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  oneOf: /* @__PURE__ */ z.array(TitledOptionSchema),
  default: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
});
export type TitledSingleSelectEnumSchema = z.infer<typeof TitledSingleSelectEnumSchemaSchema>;

export const UntitledMultiSelectEnumSchemaSchema = /* @__PURE__ */ z.looseObject({
  type: /* @__PURE__ */ z.literal('array'),
  title: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  description: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  minItems: /* @__PURE__ */ z.optional(/* @__PURE__ */ integer()),
  maxItems: /* @__PURE__ */ z.optional(/* @__PURE__ */ integer()),
  items: /* @__PURE__ */ z.looseObject({
    type: /* @__PURE__ */ z.literal('string'),
    enum: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
  }),
  default: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(/* @__PURE__ */ z.string())),
});
export type UntitledMultiSelectEnumSchema = z.infer<typeof UntitledMultiSelectEnumSchemaSchema>;

export const TitledMultiSelectEnumSchemaSchema = /* @__PURE__ */ z.looseObject({
  type: /* @__PURE__ */ z.literal('array'),
  title: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  description: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  minItems: /* @__PURE__ */ z.optional(/* @__PURE__ */ integer()),
  maxItems: /* @__PURE__ */ z.optional(/* @__PURE__ */ integer()),
  items: /* @__PURE__ */ z.looseObject({ anyOf: /* @__PURE__ */ z.array(TitledOptionSchema) }),
  default: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(/* @__PURE__ */ z.string())),
});
export type TitledMultiSelectEnumSchema = z.infer<typeof TitledMultiSelectEnumSchemaSchema>;

/** Deprecated `enumNames` form (2025-06-18), still accepted. */
export const LegacyTitledEnumSchemaSchema = /* @__PURE__ */ UntitledSingleSelectEnumSchemaSchema.extend({
  enumNames: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(/* @__PURE__ */ z.string())),
});
export type LegacyTitledEnumSchema = z.infer<typeof LegacyTitledEnumSchemaSchema>;

export const SingleSelectEnumSchemaSchema = /* @__PURE__ */ z.union([
  UntitledSingleSelectEnumSchemaSchema,
  TitledSingleSelectEnumSchemaSchema,
]);
export const MultiSelectEnumSchemaSchema = /* @__PURE__ */ z.union([
  UntitledMultiSelectEnumSchemaSchema,
  TitledMultiSelectEnumSchemaSchema,
]);
export const EnumSchemaSchema = /* @__PURE__ */ z.union([
  UntitledSingleSelectEnumSchemaSchema,
  TitledSingleSelectEnumSchemaSchema,
  UntitledMultiSelectEnumSchemaSchema,
  TitledMultiSelectEnumSchemaSchema,
  LegacyTitledEnumSchemaSchema,
]);
export type EnumSchema = z.infer<typeof EnumSchemaSchema>;

/** One field of a form: a flat primitive schema (strings with `oneOf`/`enum` are enums). */
export const PrimitiveSchemaDefinitionSchema = /* @__PURE__ */ z.union([
  TitledSingleSelectEnumSchemaSchema,
  LegacyTitledEnumSchemaSchema,
  StringSchemaSchema,
  NumberSchemaSchema,
  BooleanSchemaSchema,
  UntitledMultiSelectEnumSchemaSchema,
  TitledMultiSelectEnumSchemaSchema,
]);
export type PrimitiveSchemaDefinition = z.infer<typeof PrimitiveSchemaDefinitionSchema>;

export const ElicitRequestedSchemaSchema = /* @__PURE__ */ z.looseObject({
  $schema: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  type: /* @__PURE__ */ z.literal('object'),
  properties: /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), PrimitiveSchemaDefinitionSchema),
  required: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(/* @__PURE__ */ z.string())),
});

export const ElicitRequestFormParamsSchema = /* @__PURE__ */ RequestParamsSchema.extend({
  /** Absent in 2025-06-18 (form was the only mode). */
  mode: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.literal('form')),
  message: /* @__PURE__ */ z.string(),
  requestedSchema: ElicitRequestedSchemaSchema,
  task: /* @__PURE__ */ z.optional(TaskMetadataSchema),
});
export type ElicitRequestFormParams = z.infer<typeof ElicitRequestFormParamsSchema>;

export const ElicitRequestURLParamsSchema = /* @__PURE__ */ RequestParamsSchema.extend({
  mode: /* @__PURE__ */ z.literal('url'),
  message: /* @__PURE__ */ z.string(),
  url: /* @__PURE__ */ z.string(),
  /** Required in 2025-11-25; dropped in 2026-07-28. */
  elicitationId: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  task: /* @__PURE__ */ z.optional(TaskMetadataSchema),
});
export type ElicitRequestURLParams = z.infer<typeof ElicitRequestURLParamsSchema>;

export const ElicitRequestParamsSchema = /* @__PURE__ */ z.union([
  ElicitRequestURLParamsSchema,
  ElicitRequestFormParamsSchema,
]);
export type ElicitRequestParams = z.infer<typeof ElicitRequestParamsSchema>;

export const ElicitRequestSchema = /* @__PURE__ */ inputRequestSchema(
  'elicitation/create',
  ElicitRequestParamsSchema,
);
export type ElicitRequest = z.infer<typeof ElicitRequestSchema>;

export const ElicitResultContentValueSchema = /* @__PURE__ */ z.union([
  /* @__PURE__ */ z.string(),
  /* @__PURE__ */ z.number(),
  /* @__PURE__ */ z.boolean(),
  /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
]);

export const ElicitResultSchema = /* @__PURE__ */ ResultSchema.extend({
  action: /* @__PURE__ */ z.enum(['accept', 'decline', 'cancel']),
  content: /* @__PURE__ */ z.optional(
    /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), ElicitResultContentValueSchema),
  ),
});
export type ElicitResult = z.infer<typeof ElicitResultSchema>;

/** 2025-11-25: the server tells the client a URL-mode elicitation finished. */
export const ElicitationCompleteNotificationSchema = /* @__PURE__ */ notificationSchema(
  'notifications/elicitation/complete',
  /* @__PURE__ */ NotificationParamsSchema.extend({ elicitationId: /* @__PURE__ */ z.string() }),
);
export type ElicitationCompleteNotification = z.infer<typeof ElicitationCompleteNotificationSchema>;

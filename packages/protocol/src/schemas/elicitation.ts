import { integer } from './base.js';
import { notificationSchema } from './jsonrpc.js';
import { built, lazy } from './lazy.js';
import { NotificationParamsSchema, RequestParamsSchema, ResultSchema } from './params.js';
import { inputRequestSchema } from './sampling.js';
import { TaskMetadataSchema } from './tasks.js';
import { z } from './zod.js';

// elicitation/create: the server asks the user, through the client, for structured input (form
// mode, since 2025-06-18) or to visit a URL (URL mode, since 2025-11-25).

/**
 * Zod schema of `StringSchema`. A text field of an elicitation form, with optional length limits and
 * format.
 */
export const StringSchemaSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    type: /* @__PURE__ */ z.literal('string'),
    title: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    description: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    minLength: /* @__PURE__ */ z.optional(/* @__PURE__ */ integer()),
    maxLength: /* @__PURE__ */ z.optional(/* @__PURE__ */ integer()),
    format: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.enum(['email', 'uri', 'date', 'date-time'])),
    default: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  }),
);
/** A text field of an elicitation form, with optional length limits and format. */
export type StringSchema = z.infer<typeof StringSchemaSchema>;

/** Zod schema of `NumberSchema`. A number or integer field of an elicitation form. */
export const NumberSchemaSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    type: /* @__PURE__ */ z.enum(['number', 'integer']),
    title: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    description: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    minimum: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.number()),
    maximum: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.number()),
    default: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.number()),
  }),
);
/** A number or integer field of an elicitation form. */
export type NumberSchema = z.infer<typeof NumberSchemaSchema>;

/** Zod schema of `BooleanSchema`. A yes/no field of an elicitation form. */
export const BooleanSchemaSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    type: /* @__PURE__ */ z.literal('boolean'),
    title: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    description: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    default: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
  }),
);
/** A yes/no field of an elicitation form. */
export type BooleanSchema = z.infer<typeof BooleanSchemaSchema>;

const TitledOptionSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    const: /* @__PURE__ */ z.string(),
    title: /* @__PURE__ */ z.string(),
  }),
);

/**
 * Zod schema of `UntitledSingleSelectEnumSchema`. Schema for single-selection enumeration without
 * display titles for options.
 */
export const UntitledSingleSelectEnumSchemaSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    type: /* @__PURE__ */ z.literal('string'),
    title: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    description: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    enum: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
    default: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  }),
);
/** Schema for single-selection enumeration without display titles for options. */
export type UntitledSingleSelectEnumSchema = z.infer<typeof UntitledSingleSelectEnumSchemaSchema>;

/**
 * Zod schema of `TitledSingleSelectEnumSchema`. Schema for single-selection enumeration with display
 * titles for each option.
 */
export const TitledSingleSelectEnumSchemaSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    type: /* @__PURE__ */ z.literal('string'),
    title: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    description: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    oneOf: /* @__PURE__ */ z.array(built(TitledOptionSchema)),
    default: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  }),
);
/** Schema for single-selection enumeration with display titles for each option. */
export type TitledSingleSelectEnumSchema = z.infer<typeof TitledSingleSelectEnumSchemaSchema>;

/**
 * Zod schema of `UntitledMultiSelectEnumSchema`. Schema for multiple-selection enumeration without
 * display titles for options.
 */
export const UntitledMultiSelectEnumSchemaSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
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
  }),
);
/** Schema for multiple-selection enumeration without display titles for options. */
export type UntitledMultiSelectEnumSchema = z.infer<typeof UntitledMultiSelectEnumSchemaSchema>;

/**
 * Zod schema of `TitledMultiSelectEnumSchema`. Schema for multiple-selection enumeration with display
 * titles for each option.
 */
export const TitledMultiSelectEnumSchemaSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    type: /* @__PURE__ */ z.literal('array'),
    title: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    description: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    minItems: /* @__PURE__ */ z.optional(/* @__PURE__ */ integer()),
    maxItems: /* @__PURE__ */ z.optional(/* @__PURE__ */ integer()),
    items: /* @__PURE__ */ z.looseObject({ anyOf: /* @__PURE__ */ z.array(built(TitledOptionSchema)) }),
    default: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(/* @__PURE__ */ z.string())),
  }),
);
/** Schema for multiple-selection enumeration with display titles for each option. */
export type TitledMultiSelectEnumSchema = z.infer<typeof TitledMultiSelectEnumSchemaSchema>;

/** Deprecated `enumNames` form (2025-06-18), still accepted. */
export const LegacyTitledEnumSchemaSchema = /* @__PURE__ */ lazy(() =>
  built(UntitledSingleSelectEnumSchemaSchema).extend({
    enumNames: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(/* @__PURE__ */ z.string())),
  }),
);
/** Use `TitledSingleSelectEnumSchema` instead. This interface will be removed in a future version. */
export type LegacyTitledEnumSchema = z.infer<typeof LegacyTitledEnumSchemaSchema>;

/** Zod schema of a single-choice field of an elicitation form (with or without titles). */
export const SingleSelectEnumSchemaSchema = /* @__PURE__ */ lazy(() =>
  z.union([built(UntitledSingleSelectEnumSchemaSchema), built(TitledSingleSelectEnumSchemaSchema)]),
);
/** Zod schema of a multiple-choice field of an elicitation form (with or without titles). */
export const MultiSelectEnumSchemaSchema = /* @__PURE__ */ lazy(() =>
  z.union([built(UntitledMultiSelectEnumSchemaSchema), built(TitledMultiSelectEnumSchemaSchema)]),
);
/**
 * Zod schema of `EnumSchema`. A choice field of an elicitation form: single or multiple selection,
 * with or without titles.
 */
export const EnumSchemaSchema = /* @__PURE__ */ lazy(() =>
  z.union([
    built(UntitledSingleSelectEnumSchemaSchema),
    built(TitledSingleSelectEnumSchemaSchema),
    built(UntitledMultiSelectEnumSchemaSchema),
    built(TitledMultiSelectEnumSchemaSchema),
    built(LegacyTitledEnumSchemaSchema),
  ]),
);
/** A choice field of an elicitation form: single or multiple selection, with or without titles. */
export type EnumSchema = z.infer<typeof EnumSchemaSchema>;

/** One field of a form: a flat primitive schema (strings with `oneOf`/`enum` are enums). */
export const PrimitiveSchemaDefinitionSchema = /* @__PURE__ */ lazy(() =>
  z.union([
    built(TitledSingleSelectEnumSchemaSchema),
    built(LegacyTitledEnumSchemaSchema),
    built(StringSchemaSchema),
    built(NumberSchemaSchema),
    built(BooleanSchemaSchema),
    built(UntitledMultiSelectEnumSchemaSchema),
    built(TitledMultiSelectEnumSchemaSchema),
  ]),
);
/** Restricted schema definitions that only allow primitive types without nested objects or arrays. */
export type PrimitiveSchemaDefinition = z.infer<typeof PrimitiveSchemaDefinitionSchema>;

/** Zod schema of the form an elicitation asks for: a flat JSON Schema object of primitive fields. */
export const ElicitRequestedSchemaSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    $schema: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    type: /* @__PURE__ */ z.literal('object'),
    properties: /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), built(PrimitiveSchemaDefinitionSchema)),
    required: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(/* @__PURE__ */ z.string())),
  }),
);

/**
 * Zod schema of `ElicitRequestFormParams`. The parameters for a request to elicit non-sensitive
 * information from the user via a form in the client.
 */
export const ElicitRequestFormParamsSchema = /* @__PURE__ */ lazy(() =>
  built(RequestParamsSchema).extend({
    /** Absent in 2025-06-18 (form was the only mode). */
    mode: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.literal('form')),
    message: /* @__PURE__ */ z.string(),
    requestedSchema: built(ElicitRequestedSchemaSchema),
    task: /* @__PURE__ */ z.optional(built(TaskMetadataSchema)),
  }),
);
/**
 * The parameters for a request to elicit non-sensitive information from the user via a form in the
 * client.
 */
export type ElicitRequestFormParams = z.infer<typeof ElicitRequestFormParamsSchema>;

/**
 * Zod schema of `ElicitRequestURLParams`. The parameters for a request to elicit information from the
 * user via a URL in the client.
 */
export const ElicitRequestURLParamsSchema = /* @__PURE__ */ lazy(() =>
  built(RequestParamsSchema).extend({
    mode: /* @__PURE__ */ z.literal('url'),
    message: /* @__PURE__ */ z.string(),
    url: /* @__PURE__ */ z.string(),
    /** Required in 2025-11-25; dropped in 2026-07-28. */
    elicitationId: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    task: /* @__PURE__ */ z.optional(built(TaskMetadataSchema)),
  }),
);
/** The parameters for a request to elicit information from the user via a URL in the client. */
export type ElicitRequestURLParams = z.infer<typeof ElicitRequestURLParamsSchema>;

/**
 * Zod schema of `ElicitRequestParams`. The parameters for a request to elicit additional information
 * from the user via the client.
 */
export const ElicitRequestParamsSchema = /* @__PURE__ */ lazy(() =>
  z.union([built(ElicitRequestURLParamsSchema), built(ElicitRequestFormParamsSchema)]),
);
/** The parameters for a request to elicit additional information from the user via the client. */
export type ElicitRequestParams = z.infer<typeof ElicitRequestParamsSchema>;

/**
 * Zod schema of `ElicitRequest`. A request from the server to elicit additional information from the
 * user via the client.
 */
export const ElicitRequestSchema = /* @__PURE__ */ lazy(() =>
  inputRequestSchema('elicitation/create', built(ElicitRequestParamsSchema)),
);
/** A request from the server to elicit additional information from the user via the client. */
export type ElicitRequest = z.infer<typeof ElicitRequestSchema>;

/**
 * Zod schema of one value in an accepted elicitation's content: string, number, boolean or list of
 * strings.
 */
export const ElicitResultContentValueSchema = /* @__PURE__ */ lazy(() =>
  z.union([
    /* @__PURE__ */ z.string(),
    /* @__PURE__ */ z.number(),
    /* @__PURE__ */ z.boolean(),
    /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
  ]),
);

/** Zod schema of `ElicitResult`. The result returned by the client for an `elicitation/create` request. */
export const ElicitResultSchema = /* @__PURE__ */ lazy(() =>
  built(ResultSchema).extend({
    action: /* @__PURE__ */ z.enum(['accept', 'decline', 'cancel']),
    content: /* @__PURE__ */ z.optional(
      /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), built(ElicitResultContentValueSchema)),
    ),
  }),
);
/** The result returned by the client for an `elicitation/create` request. */
export type ElicitResult = z.infer<typeof ElicitResultSchema>;

/** 2025-11-25: the server tells the client a URL-mode elicitation finished. */
export const ElicitationCompleteNotificationSchema = /* @__PURE__ */ lazy(() =>
  notificationSchema(
    'notifications/elicitation/complete',
    /* @__PURE__ */ built(NotificationParamsSchema).extend({ elicitationId: /* @__PURE__ */ z.string() }),
  ),
);
/**
 * An optional notification from the server to the client, informing it of a completion of a
 * out-of-band elicitation request.
 */
export type ElicitationCompleteNotification = z.infer<typeof ElicitationCompleteNotificationSchema>;

import { IconSchema, MetaObjectSchema } from './base.js';
import { built, lazy } from './lazy.js';
import { z } from './zod.js';

// Tool definitions. Tool input/output schemas are JSON Schema documents: only the keys MCP
// constrains are checked (as loosely as 2026-07-28 does: `type: "object"` for inputs), everything
// else ($ref, $defs, 2020-12 keywords, vendor keywords) is carried through verbatim. The stricter
// `properties`/`required` checks of 2025-11-25 and older live in that revision's schemas.

/** A JSON Schema in a `properties` map: an object, or `true`/`false` (valid in 2020-12). */
export const JsonSchemaNodeSchema = /* @__PURE__ */ lazy(() =>
  z.union([
    /* @__PURE__ */ z.boolean(),
    /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.unknown()),
  ]),
);

/**
 * Checks a value against `shape` but returns the caller's object itself, so a JSON Schema comes out
 * byte-for-byte as it went in (same keys, same key order, same nested objects).
 */
export function verbatim<T extends z.ZodType>(shape: T) {
  return z.custom<z.output<T>>().superRefine((value, ctx) => {
    const result = shape.safeParse(value);
    if (result.success) return;
    for (const issue of result.error.issues) ctx.addIssue({ ...issue } as never);
  });
}

const InputSchemaShape = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    $schema: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    type: /* @__PURE__ */ z.literal('object'),
  }),
);
/** `inputSchema`: an object schema (`type: "object"`), any further keywords kept verbatim. */
export const ToolInputSchemaSchema = /* @__PURE__ */ lazy(() => verbatim(built(InputSchemaShape)));
/** A tool's `inputSchema`: a JSON Schema object describing its arguments, kept verbatim. */
export type ToolInputSchema = z.infer<typeof ToolInputSchemaSchema>;

/**
 * `outputSchema`: 2026-07-28 allows any JSON Schema; older revisions require `type: "object"`
 * (checked by the revision schemas).
 */
const OutputSchemaShape = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    $schema: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  }),
);
/**
 * Zod schema of `ToolOutputSchema`. A tool's `outputSchema`: a JSON Schema object describing its
 * structured content, kept verbatim.
 */
export const ToolOutputSchemaSchema = /* @__PURE__ */ lazy(() => verbatim(built(OutputSchemaShape)));
/** A tool's `outputSchema`: a JSON Schema object describing its structured content, kept verbatim. */
export type ToolOutputSchema = z.infer<typeof ToolOutputSchemaSchema>;

/** Zod schema of `ToolAnnotations`. Additional properties describing a `Tool` to clients. */
export const ToolAnnotationsSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    title: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    readOnlyHint: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
    destructiveHint: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
    idempotentHint: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
    openWorldHint: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
  }),
);
/** Additional properties describing a `Tool` to clients. */
export type ToolAnnotations = z.infer<typeof ToolAnnotationsSchema>;

/** 2025-11-25 (tasks, experimental): whether a tool may run as a task. */
export const ToolExecutionSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    taskSupport: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.enum(['forbidden', 'optional', 'required'])),
  }),
);
/** Execution-related properties for a tool. */
export type ToolExecution = z.infer<typeof ToolExecutionSchema>;

/** Zod schema of `Tool`. Definition for a tool the client can call. */
export const ToolSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    name: /* @__PURE__ */ z.string(),
    title: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    description: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    inputSchema: built(ToolInputSchemaSchema),
    outputSchema: /* @__PURE__ */ z.optional(built(ToolOutputSchemaSchema)),
    annotations: /* @__PURE__ */ z.optional(built(ToolAnnotationsSchema)),
    execution: /* @__PURE__ */ z.optional(built(ToolExecutionSchema)),
    icons: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(built(IconSchema))),
    _meta: /* @__PURE__ */ z.optional(built(MetaObjectSchema)),
  }),
);
/** Definition for a tool the client can call. */
export type Tool = z.infer<typeof ToolSchema>;

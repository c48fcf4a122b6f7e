import * as z from 'zod';
import { IconSchema, MetaObjectSchema } from './base.js';

// Tool definitions. Tool input/output schemas are JSON Schema documents: only the keys MCP
// constrains are checked (as loosely as 2026-07-28 does: `type: "object"` for inputs), everything
// else ($ref, $defs, 2020-12 keywords, vendor keywords) is carried through verbatim. The stricter
// `properties`/`required` checks of 2025-11-25 and older live in that revision's schemas.

/** A JSON Schema in a `properties` map: an object, or `true`/`false` (valid in 2020-12). */
export const JsonSchemaNodeSchema = z.union([z.boolean(), z.record(z.string(), z.unknown())]);

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

const InputSchemaShape = z.looseObject({
  $schema: z.optional(z.string()),
  type: z.literal('object'),
});
/** `inputSchema`: an object schema (`type: "object"`), any further keywords kept verbatim. */
export const ToolInputSchemaSchema = verbatim(InputSchemaShape);
export type ToolInputSchema = z.infer<typeof ToolInputSchemaSchema>;

/**
 * `outputSchema`: 2026-07-28 allows any JSON Schema; older revisions require `type: "object"`
 * (checked by the revision schemas).
 */
const OutputSchemaShape = z.looseObject({ $schema: z.optional(z.string()) });
export const ToolOutputSchemaSchema = verbatim(OutputSchemaShape);
export type ToolOutputSchema = z.infer<typeof ToolOutputSchemaSchema>;

export const ToolAnnotationsSchema = z.looseObject({
  title: z.optional(z.string()),
  readOnlyHint: z.optional(z.boolean()),
  destructiveHint: z.optional(z.boolean()),
  idempotentHint: z.optional(z.boolean()),
  openWorldHint: z.optional(z.boolean()),
});
export type ToolAnnotations = z.infer<typeof ToolAnnotationsSchema>;

/** 2025-11-25 (tasks, experimental): whether a tool may run as a task. */
export const ToolExecutionSchema = z.looseObject({
  taskSupport: z.optional(z.enum(['forbidden', 'optional', 'required'])),
});
export type ToolExecution = z.infer<typeof ToolExecutionSchema>;

export const ToolSchema = z.looseObject({
  name: z.string(),
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  inputSchema: ToolInputSchemaSchema,
  outputSchema: z.optional(ToolOutputSchemaSchema),
  annotations: z.optional(ToolAnnotationsSchema),
  execution: z.optional(ToolExecutionSchema),
  icons: z.optional(z.array(IconSchema)),
  _meta: z.optional(MetaObjectSchema),
});
export type Tool = z.infer<typeof ToolSchema>;

import { z } from 'zod';
import { ENUM_VALUES, type FieldSpec, WIDE_TOOL_COUNT, wideToolFields } from './fixtures.js';

// zod versions of the fixtures, built once per process: every SDK's per-request server reuses
// these schema objects, so the benchmark measures what the SDK does per request, not zod setup.

function fieldSchema(field: FieldSpec): z.ZodType {
  let schema: z.ZodType;
  switch (field.kind) {
    case 'string':
      schema = z.string();
      break;
    case 'integer':
      schema = z.number().int().min(0);
      break;
    case 'boolean':
      schema = z.boolean();
      break;
    case 'enum':
      schema = z.enum(ENUM_VALUES);
      break;
    case 'string-array':
      schema = z.array(z.string());
      break;
  }
  schema = schema.describe(field.description);
  return field.optional ? schema.optional() : schema;
}

export type ZodShape = Record<string, z.ZodType>;

export function wideToolShape(toolIndex: number): ZodShape {
  const shape: ZodShape = {};
  for (const field of wideToolFields(toolIndex)) shape[field.name] = fieldSchema(field);
  return shape;
}

let shapes: ZodShape[] | undefined;
export function wideToolShapes(): ZodShape[] {
  shapes ??= Array.from({ length: WIDE_TOOL_COUNT }, (_, i) => wideToolShape(i));
  return shapes;
}

export const echoShape = { text: z.string().describe('Text to echo back') };
export const progressShape = { count: z.number().int().min(0).describe('Progress notifications to send') };

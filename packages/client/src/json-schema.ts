import { type Schema, type SchemaDraft, Validator } from '@cfworker/json-schema';

/** The outcome of checking a value against a JSON Schema. */
export interface JsonSchemaCheck {
  valid: boolean;
  /** One line per failure: `<instance pointer>: <message>`. */
  errors: string[];
}

export type JsonSchemaValidatorFn = (value: unknown) => JsonSchemaCheck;

const DRAFT_BY_URI: ReadonlyArray<[string, SchemaDraft]> = [
  ['2020-12', '2020-12'],
  ['2019-09', '2019-09'],
  ['draft-07', '7'],
  ['draft-04', '4'],
];

/** MCP's default dialect is 2020-12 (SEP-1613); an explicit `$schema` picks another draft. */
export function draftOf(schema: unknown): SchemaDraft {
  const uri =
    typeof schema === 'object' && schema !== null ? (schema as { $schema?: unknown }).$schema : undefined;
  if (typeof uri !== 'string') return '2020-12';
  for (const [marker, draft] of DRAFT_BY_URI) if (uri.includes(marker)) return draft;
  return '2020-12';
}

/**
 * Compiles a JSON Schema once. The validator annotates the schema it is given while resolving
 * `$ref`s, so it works on a deep copy: the caller's schema (which the user may send back to the
 * server verbatim) is never touched. Remote `$ref`s are never fetched; they fail validation.
 */
export function compileJsonSchema(schema: Schema | boolean): JsonSchemaValidatorFn {
  const validator = new Validator(structuredClone(schema), draftOf(schema), false);
  return (value) => {
    const result = validator.validate(value);
    if (result.valid) return { valid: true, errors: [] };
    return {
      valid: false,
      errors: result.errors.map((unit) => `${unit.instanceLocation || '#'}: ${unit.error}`),
    };
  };
}

/** Keeps a message readable when a schema yields many nested failures. */
export function summarizeErrors(errors: readonly string[], limit = 5): string {
  const shown = errors.slice(0, limit).join('; ');
  return errors.length > limit ? `${shown}; (and ${errors.length - limit} more)` : shown;
}

// What every JSON Schema validator shares: the outcome shape and how a schema names its dialect.
// Kept apart from the built-in validator so code that only installs or looks up a validator
// (the server) never pulls the validator itself into a bundle.

/** One failing keyword: where in the instance, which keyword, and a readable reason. */
export interface JsonSchemaErrorUnit {
  /** JSON pointer into the instance, as a URI fragment (`#/a/0`). */
  instanceLocation: string;
  keyword: string;
  error: string;
}

/** The outcome of validating a value against a JSON Schema: valid, or the errors found. */
export interface JsonSchemaValidation {
  valid: boolean;
  errors: JsonSchemaErrorUnit[];
}

/** A JSON Schema dialect the built-in validator knows: draft 4, 7, 2019-09 or 2020-12. */
export type JsonSchemaDialect = '4' | '7' | '2019-09' | '2020-12';

/** The dialect a schema declares in `$schema`; MCP's default is 2020-12 (SEP-1613). */
export function jsonSchemaDialectOf(schema: unknown): JsonSchemaDialect {
  const uri =
    typeof schema === 'object' && schema !== null ? (schema as { $schema?: unknown }).$schema : undefined;
  if (typeof uri !== 'string') return '2020-12';
  if (uri.includes('draft-04')) return '4';
  if (uri.includes('draft-06') || uri.includes('draft-07')) return '7';
  if (uri.includes('2019-09')) return '2019-09';
  return '2020-12';
}

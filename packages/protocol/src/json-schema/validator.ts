// A small JSON Schema validator for the keywords MCP schemas use in practice (tool input and
// output schemas, elicitation forms). It keeps the minimal server and client bundles light; a
// schema that needs more (dynamic references, unevaluated*, remote $ref) is refused at compile
// time with the keyword named, so nothing is ever validated loosely by mistake.
//
// This file is the entry; `compiler.ts` walks the schema, `*-keywords.ts` hold one family of
// keywords each, and `check.ts` what they share.

import { DEFAULT_JSON_SCHEMA_LIMITS, type JsonSchemaLimits } from './check.js';
import { schemaCompiler, startValidation } from './compiler.js';
import {
  type JsonSchemaDialect,
  type JsonSchemaErrorUnit,
  type JsonSchemaValidation,
  jsonSchemaDialectOf,
} from './dialect.js';

export type { JsonSchemaLimitError, JsonSchemaLimits } from './check.js';
export { DEFAULT_JSON_SCHEMA_LIMITS } from './check.js';
export { UNSUPPORTED_JSON_SCHEMA_KEYWORDS } from './compiler.js';

/**
 * Compiles a schema once into a checking function. Throws a TypeError naming the keyword and
 * its location when the schema is malformed or uses a keyword this validator does not support.
 * The checking function throws a `JsonSchemaLimitError` naming the limit when a value takes more
 * than `limits` (default `DEFAULT_JSON_SCHEMA_LIMITS`) to validate.
 */
export function compileJsonSchemaValidator(
  schema: unknown,
  dialect: JsonSchemaDialect = jsonSchemaDialectOf(schema),
  limits?: Partial<JsonSchemaLimits>,
): (value: unknown) => JsonSchemaValidation {
  const check = schemaCompiler(schema, dialect)(schema, '#');
  const bounds = { ...DEFAULT_JSON_SCHEMA_LIMITS, ...limits };
  return (value) => {
    startValidation(bounds);
    const errors: JsonSchemaErrorUnit[] = [];
    const valid = check(value, '#', errors);
    return { valid, errors: valid ? [] : errors };
  };
}

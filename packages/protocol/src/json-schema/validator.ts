// A small JSON Schema validator for the keywords MCP schemas use in practice (tool input and
// output schemas, elicitation forms). It keeps the minimal server and client bundles light; a
// schema that needs more (dynamic references, unevaluated*, remote $ref) is refused at compile
// time with the keyword named, so nothing is ever validated loosely by mistake.
//
// This file is the entry; `compiler.ts` walks the schema, `*-keywords.ts` hold one family of
// keywords each, and `check.ts` what they share.

import { schemaCompiler } from './compiler.js';
import {
  type JsonSchemaDialect,
  type JsonSchemaErrorUnit,
  type JsonSchemaValidation,
  jsonSchemaDialectOf,
} from './dialect.js';

export { UNSUPPORTED_JSON_SCHEMA_KEYWORDS } from './compiler.js';

/**
 * Compiles a schema once into a checking function. Throws a TypeError naming the keyword and
 * its location when the schema is malformed or uses a keyword this validator does not support.
 */
export function compileJsonSchemaValidator(
  schema: unknown,
  dialect: JsonSchemaDialect = jsonSchemaDialectOf(schema),
): (value: unknown) => JsonSchemaValidation {
  const check = schemaCompiler(schema, dialect)(schema, '#');
  return (value) => {
    const errors: JsonSchemaErrorUnit[] = [];
    const valid = check(value, '#', errors);
    return { valid, errors: valid ? [] : errors };
  };
}

import { type JsonSchemaDialect, jsonSchemaDialectOf } from '@mcpkit/protocol';
import { compileJsonSchema as compileWithProtocol } from '@mcpkit/protocol/json-schema';

// Output schemas and elicitation forms are checked by @mcpkit/protocol's built-in validator (or
// by a full one installed with its `setJsonSchemaValidatorFactory`), so a minimal client bundle
// carries no validator dependency. Unlike the server, the client needs no install: checking what
// a server sends is on by default.

/** The outcome of checking a value against a JSON Schema. */
export interface JsonSchemaCheck {
  valid: boolean;
  /** One line per failure: `<instance pointer>: <message>`. */
  errors: string[];
}

export type JsonSchemaValidatorFn = (value: unknown) => JsonSchemaCheck;

/** MCP's default dialect is 2020-12 (SEP-1613); an explicit `$schema` picks another draft. */
export function draftOf(schema: unknown): JsonSchemaDialect {
  return jsonSchemaDialectOf(schema);
}

/**
 * Compiles a JSON Schema once; throws when it is invalid or needs what the validator cannot do.
 * The caller's schema (which the user may send back to the server verbatim) is never touched,
 * and remote `$ref`s are never fetched.
 */
export function compileJsonSchema(schema: unknown): JsonSchemaValidatorFn {
  const check = compileWithProtocol(schema);
  return (value) => {
    const result = check(value);
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

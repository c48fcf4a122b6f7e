import {
  compileJsonSchemaValidator,
  type JsonSchemaDialect,
  type JsonSchemaValidation,
  jsonSchemaDialectOf,
} from './validator.js';

// Raw JSON Schemas (tool input/output schemas given as JSON, elicitation forms) are checked by
// the built-in validator so the minimal server and client carry no validator dependency. An
// application that needs the whole of JSON Schema installs a full validator here, once, before
// registering tools or connecting: e.g. a factory wrapping `@cfworker/json-schema`'s `Validator`.

/** Compiles a schema once; throws a TypeError when the schema is invalid or unsupported. */
export type JsonSchemaValidatorFactory = (
  schema: unknown,
  dialect: JsonSchemaDialect,
) => (value: unknown) => JsonSchemaValidation;

let installed: JsonSchemaValidatorFactory | undefined;

/**
 * Replaces the built-in validator for every later compilation in this process (the server
 * caches compiled schemas by identity, so install it before registering). `undefined` restores
 * the built-in one.
 */
export function setJsonSchemaValidatorFactory(factory: JsonSchemaValidatorFactory | undefined): void {
  installed = factory;
}

/** Compiles with the installed factory, or with the built-in validator when none is installed. */
export function compileJsonSchema(schema: unknown): (value: unknown) => JsonSchemaValidation {
  const dialect = jsonSchemaDialectOf(schema);
  return (installed ?? compileJsonSchemaValidator)(schema, dialect);
}

import type { JsonSchemaDialect, JsonSchemaValidation } from './dialect.js';

// Which JSON Schema validator checks raw JSON Schemas (tool input/output schemas given as JSON,
// elicitation forms) is the application's choice, made once at startup. Nothing here imports a
// validator, so a server that only uses zod schemas carries none: the built-in one lives at
// `@mcpkit/protocol/json-schema` (`jsonSchemaValidator`), and a full one can wrap e.g.
// `@cfworker/json-schema`'s `Validator`.

/** Compiles a schema once; throws a TypeError when the schema is invalid or unsupported. */
export type JsonSchemaValidatorFactory = (
  schema: unknown,
  dialect: JsonSchemaDialect,
) => (value: unknown) => JsonSchemaValidation;

let installed: JsonSchemaValidatorFactory | undefined;

/**
 * Installs the validator for every later compilation in this process (the server caches
 * compiled schemas by identity, so install it before registering). `undefined` uninstalls it.
 */
export function setJsonSchemaValidatorFactory(factory: JsonSchemaValidatorFactory | undefined): void {
  installed = factory;
}

/** The factory installed with `setJsonSchemaValidatorFactory`, or undefined when none is. */
export function installedJsonSchemaValidator(): JsonSchemaValidatorFactory | undefined {
  return installed;
}

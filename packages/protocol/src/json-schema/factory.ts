import { describeJsonSchemaErrors } from './describe.js';
import { type JsonSchemaDialect, type JsonSchemaValidation, jsonSchemaDialectOf } from './dialect.js';

// Which JSON Schema validator checks raw JSON Schemas (tool input/output schemas given as JSON,
// elicitation forms) is the application's choice, made once at startup. Nothing here imports a
// validator, so a server that only uses zod schemas carries none: the built-in one lives at
// `@mcpkit/protocol/json-schema` (`jsonSchemaValidator`), and a full one can wrap e.g.
// `@cfworker/json-schema`'s `Validator`.

/**
 * Compiles a schema once; throws a TypeError when the schema is invalid or unsupported. The
 * function it returns may throw an error named `JsonSchemaLimitError` (with a `limit` property)
 * when a value cannot be validated within the validator's resource bounds, as the built-in one
 * does: the server then refuses the request with -32602 carrying that message.
 */
export type JsonSchemaValidatorFactory = (
  schema: unknown,
  dialect: JsonSchemaDialect,
) => (value: unknown) => JsonSchemaValidation;

/** Compiles a schema once into a check that returns why a value fails, or undefined when it passes. */
export type JsonSchemaCheckCompiler = (schema: unknown) => (value: unknown) => string | undefined;

let installed: JsonSchemaValidatorFactory | undefined;
let installedCheck: JsonSchemaCheckCompiler | undefined;

/**
 * Installs the validator for every later compilation in this process (the server caches
 * compiled schemas by identity, so install it before registering). `undefined` uninstalls it.
 */
export function setJsonSchemaValidatorFactory(factory: JsonSchemaValidatorFactory | undefined): void {
  installed = factory;
  installedCheck =
    factory &&
    ((schema) => {
      const validate = factory(schema, jsonSchemaDialectOf(schema));
      return (value) => {
        const result = validate(value);
        return result.valid ? undefined : describeJsonSchemaErrors(result.errors);
      };
    });
}

/** The factory installed with `setJsonSchemaValidatorFactory`, or undefined when none is. */
export function installedJsonSchemaValidator(): JsonSchemaValidatorFactory | undefined {
  return installed;
}

/**
 * The installed validator as one-line error messages (the server's view); undefined when none is
 * installed. Error wording comes with installing, so a zod-only server bundles none of it.
 */
export function installedJsonSchemaCheck(): JsonSchemaCheckCompiler | undefined {
  return installedCheck;
}

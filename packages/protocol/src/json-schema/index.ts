// `@mcpkit/protocol/json-schema`: the built-in JSON Schema validator, a separate entry point so
// only programs that import it carry it. A server installs it once at startup:
//   import { jsonSchemaValidator, setJsonSchemaValidatorFactory } from '@mcpkit/protocol/json-schema';
//   setJsonSchemaValidatorFactory(jsonSchemaValidator);
import { type JsonSchemaValidation, jsonSchemaDialectOf } from './dialect.js';
import { installedJsonSchemaValidator, type JsonSchemaValidatorFactory } from './factory.js';
import { compileJsonSchemaValidator } from './validator.js';

export { setJsonSchemaValidatorFactory } from './factory.js';
export type { JsonSchemaLimitError, JsonSchemaLimits } from './validator.js';
export {
  compileJsonSchemaValidator,
  DEFAULT_JSON_SCHEMA_LIMITS,
  UNSUPPORTED_JSON_SCHEMA_KEYWORDS,
} from './validator.js';

/** The built-in validator as a factory for `setJsonSchemaValidatorFactory`. */
export const jsonSchemaValidator: JsonSchemaValidatorFactory = compileJsonSchemaValidator;

/**
 * Compiles with the installed factory, or with the built-in validator when none is installed
 * (what the client does for output schemas and elicitation forms).
 */
export function compileJsonSchema(schema: unknown): (value: unknown) => JsonSchemaValidation {
  return (installedJsonSchemaValidator() ?? jsonSchemaValidator)(schema, jsonSchemaDialectOf(schema));
}

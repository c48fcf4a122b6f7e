import { JsonRpcError } from '@mcpkit/jsonrpc';
import { type ElicitRequestFormParams, type ElicitResult, ErrorCode } from '@mcpkit/protocol';
import { compileJsonSchema, summarizeErrors } from './json-schema.js';

type RequestedSchema = ElicitRequestFormParams['requestedSchema'];
type ElicitContent = NonNullable<ElicitResult['content']>;

/**
 * Fills every field the user left out with the `default` its schema declares (SEP-1034). Fields
 * the user answered are kept as given; the input object is not modified.
 */
export function applyElicitationDefaults(schema: RequestedSchema, content: ElicitContent): ElicitContent {
  const filled: ElicitContent = { ...content };
  for (const [field, definition] of Object.entries(schema.properties)) {
    if (filled[field] !== undefined) continue;
    const fallback = (definition as { default?: unknown }).default;
    if (fallback === undefined) continue;
    filled[field] = Array.isArray(fallback)
      ? [...(fallback as string[])]
      : (fallback as ElicitContent[string]);
  }
  return filled;
}

/**
 * Checks a form answer against the schema the server requested, as JSON Schema 2020-12 (the
 * restricted elicitation subset is valid JSON Schema). Returns the failures, empty when valid.
 */
export function validateElicitationContent(schema: RequestedSchema, content: ElicitContent): string[] {
  try {
    return compileJsonSchema(schema as Parameters<typeof compileJsonSchema>[0])(content).errors;
  } catch (error) {
    throw new JsonRpcError(
      ErrorCode.InvalidParams,
      `The requestedSchema cannot be applied: ${error instanceof Error ? error.message : String(error)}`,
      undefined,
      { cause: error },
    );
  }
}

/**
 * Post-processes what the user's handler returned to accept a form-mode request: applies defaults
 * when asked, then validates it. An invalid answer becomes an error response rather than data the
 * server did not ask for.
 */
export function finishFormAnswer(
  params: ElicitRequestFormParams,
  answer: ElicitResult,
  applyDefaults: boolean,
  validate: boolean,
): ElicitResult {
  let content: ElicitContent = answer.content ?? {};
  if (applyDefaults) content = applyElicitationDefaults(params.requestedSchema, content);
  const errors = validate ? validateElicitationContent(params.requestedSchema, content) : [];
  if (errors.length > 0) {
    throw new JsonRpcError(
      ErrorCode.InternalError,
      `The client's answer to elicitation "${params.message}" does not match the requested schema: ${summarizeErrors(errors)}`,
      { errors },
    );
  }
  return { ...answer, content };
}

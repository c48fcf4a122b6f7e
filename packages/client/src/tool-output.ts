import type { CallToolResult, Tool } from '@mcpkit/protocol';
import { McpClientError, McpClientErrorCode } from './errors.js';
import {
  compileJsonSchema,
  type JsonSchemaCheck,
  type JsonSchemaValidatorFn,
  summarizeErrors,
} from './json-schema.js';

/**
 * Remembers each tool's `outputSchema` as `tools/list` reports it and checks `structuredContent`
 * of later calls against it. Validators compile lazily, once per schema.
 */
export class ToolOutputSchemaCache {
  readonly #schemas = new Map<string, unknown>();
  readonly #validators = new Map<string, JsonSchemaValidatorFn>();

  /** Records the tools of one listed page (a later listing of the same tool replaces it). */
  remember(tools: readonly Tool[]): void {
    for (const tool of tools) {
      this.#validators.delete(tool.name);
      if (tool.outputSchema === undefined) this.#schemas.delete(tool.name);
      else this.#schemas.set(tool.name, tool.outputSchema);
    }
  }

  /** Forgets every schema (the server said its tool list changed). */
  clear(): void {
    this.#schemas.clear();
    this.#validators.clear();
  }

  /**
   * Throws INVALID_TOOL_OUTPUT when the tool declared an output schema and a successful result
   * lacks `structuredContent` or does not match. Error results (`isError`) and tools with no
   * known schema pass unchecked.
   */
  check(toolName: string, result: CallToolResult): void {
    const schema = this.#schemas.get(toolName);
    if (schema === undefined || result.isError === true) return;
    if (result.structuredContent === undefined) {
      throw new McpClientError(
        McpClientErrorCode.InvalidToolOutput,
        `Tool '${toolName}' declares an outputSchema but its result has no structuredContent`,
        { data: { tool: toolName } },
      );
    }
    let check: JsonSchemaCheck;
    try {
      check = this.#validatorFor(toolName, schema)(result.structuredContent);
    } catch (error) {
      // An unusable schema (e.g. a remote `$ref`, which is never fetched) must not pass silently.
      throw new McpClientError(
        McpClientErrorCode.InvalidToolOutput,
        `Tool '${toolName}' has an outputSchema the client cannot apply: ${(error as Error).message ?? String(error)}`,
        { cause: error, data: { tool: toolName } },
      );
    }
    if (check.valid) return;
    throw new McpClientError(
      McpClientErrorCode.InvalidToolOutput,
      `Tool '${toolName}' returned structuredContent that does not match its outputSchema: ${summarizeErrors(check.errors)}`,
      { data: { tool: toolName, errors: check.errors } },
    );
  }

  #validatorFor(toolName: string, schema: unknown): JsonSchemaValidatorFn {
    let validator = this.#validators.get(toolName);
    if (!validator) {
      validator = compileJsonSchema(schema as Parameters<typeof compileJsonSchema>[0]);
      this.#validators.set(toolName, validator);
    }
    return validator;
  }
}

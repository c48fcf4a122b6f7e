import type { CallToolOptions, McpClient } from '@mcpkit/client';
import type { CallToolResult, JSONObject } from '@mcpkit/protocol';
import type { InferSchema, SchemaInput, StandardSchemaV1 } from '@mcpkit/server';

/** Options of the tool-calling helpers: the client's `callTool` options plus the schema to type by. */
export interface CallToolHelperOptions<S extends SchemaInput | undefined = undefined>
  extends CallToolOptions {
  /**
   * The tool's output schema (the one given to `server.tool`): types the result, and a zod or other
   * Standard Schema also checks `structuredContent` here, failing with the path of each mismatch.
   */
  outputSchema?: S;
}

/** A tool call answered otherwise than a test expected: `isError`, or no structured content. */
export class ToolResultError extends Error {
  override readonly name = 'ToolResultError';

  constructor(
    message: string,
    /** The tool that was called. */
    readonly toolName: string,
    /** The whole result, to look at in a debugger or assert on. */
    readonly result: CallToolResult,
  ) {
    super(message);
  }
}

/** The text blocks of a result's content, in order (other block types are skipped). */
export function textsOf(result: Pick<CallToolResult, 'content'>): string[] {
  return (result.content ?? []).flatMap((block) => (block.type === 'text' ? [block.text] : []));
}

/** The text blocks of a result's content joined with newlines (`''` when there are none). */
export function textOf(result: Pick<CallToolResult, 'content'>): string {
  return textsOf(result).join('\n');
}

/**
 * Calls a tool and returns its result, throwing a `ToolResultError` that quotes the tool's error
 * text when the result has `isError`. Asks for progress (sends a progress token) unless `onprogress`
 * is given, so the server's progress reaches the notification recorder.
 */
export async function callToolOk(
  client: McpClient,
  name: string,
  args?: JSONObject,
  options?: CallToolOptions,
): Promise<CallToolResult> {
  const result = await client.callTool(
    args === undefined ? { name } : { name, arguments: args },
    withProgress(options),
  );
  if (result.isError === true) {
    const why = textOf(result) || JSON.stringify(result.structuredContent ?? result.content);
    throw new ToolResultError(`tool '${name}' answered isError: ${why}`, name, result);
  }
  return result;
}

/** Calls a tool and returns its text content joined with newlines; throws on `isError`. */
export async function callToolText(
  client: McpClient,
  name: string,
  args?: JSONObject,
  options?: CallToolOptions,
): Promise<string> {
  return textOf(await callToolOk(client, name, args, options));
}

/**
 * Calls a tool and returns its `structuredContent`, typed by `options.outputSchema` (zod, raw
 * shape, Standard Schema) or by the type argument (`callToolStructured<Weather>(...)`). Throws a
 * `ToolResultError` on `isError`, when the result has no structured content, and when a zod or
 * Standard Schema `outputSchema` rejects it.
 */
export async function callToolStructured<T = JSONObject, S extends SchemaInput | undefined = undefined>(
  client: McpClient,
  name: string,
  args?: JSONObject,
  options?: CallToolHelperOptions<S>,
): Promise<S extends SchemaInput ? InferSchema<S> : T> {
  const { outputSchema, ...callOptions } = options ?? {};
  const result = await callToolOk(client, name, args, callOptions);
  const structured = result.structuredContent;
  if (structured === undefined) {
    throw new ToolResultError(
      `tool '${name}' answered without structuredContent (does it declare an outputSchema?); its text: ${JSON.stringify(textOf(result))}`,
      name,
      result,
    );
  }
  if (isStandardSchema(outputSchema)) {
    const outcome = await outputSchema['~standard'].validate(structured);
    if (outcome.issues !== undefined) {
      const problems = outcome.issues.map(
        (issue) =>
          `${issue.path?.map((p) => (typeof p === 'object' ? p.key : p)).join('.') || '(root)'}: ${issue.message}`,
      );
      throw new ToolResultError(
        `tool '${name}' answered structuredContent that does not match outputSchema: ${problems.join('; ')}`,
        name,
        result,
      );
    }
    return outcome.value as S extends SchemaInput ? InferSchema<S> : T;
  }
  return structured as S extends SchemaInput ? InferSchema<S> : T;
}

/**
 * Calls a tool that should fail and returns its error text; throws a `ToolResultError` when the
 * result is not `isError` (a protocol error, e.g. an unknown tool, rejects as `callTool` does).
 */
export async function callToolError(
  client: McpClient,
  name: string,
  args?: JSONObject,
  options?: CallToolOptions,
): Promise<string> {
  const result = await client.callTool(
    args === undefined ? { name } : { name, arguments: args },
    withProgress(options),
  );
  if (result.isError !== true) {
    throw new ToolResultError(
      `tool '${name}' succeeded but an isError result was expected; its text: ${JSON.stringify(textOf(result))}`,
      name,
      result,
    );
  }
  return textOf(result);
}

function withProgress(options: CallToolOptions | undefined): CallToolOptions {
  if (options?.onprogress !== undefined) return options;
  return { ...options, onprogress: ignoreProgress };
}

/** The recorder sees progress on the wire; the client needs a callback to ask for it. */
function ignoreProgress(): void {}

function isStandardSchema(schema: unknown): schema is StandardSchemaV1 {
  return typeof schema === 'object' && schema !== null && '~standard' in schema;
}

import {
  type CallToolResult,
  type ContentBlock,
  type HeaderParameter,
  type Icon,
  type JSONObject,
  readHeaderParameters,
  type ToolAnnotations,
  type ToolExecution,
} from '@mcpkit/protocol/essentials';
import type { ZodType } from 'zod';
import type { HandlerContext } from '../core/handler-context.js';
import {
  type CompiledSchema,
  compileSchema,
  type InferSchema,
  type SchemaInput,
  type ZodRawShape,
} from '../schema/compile-schema.js';
import type { StandardSchemaV1 } from '../schema/standard-schema.js';
import { type RegistryEntryBase, setDefined } from './registry.js';
import type { VisibilityPredicate } from './visibility.js';

/** Tool names: 1-128 characters of letters, digits, `_`, `-`, `.` and `/` (SEP-986). */
const TOOL_NAME = /^[A-Za-z0-9_./-]{1,128}$/;

/**
 * How a tool is registered: title, description, input and output schemas, annotations, execution and
 * icons.
 */
export interface ToolConfig<
  I extends SchemaInput | undefined = undefined,
  O extends SchemaInput | undefined = undefined,
> {
  title?: string;
  description?: string;
  /**
   * Types and validates the handler's arguments: a zod object or shape, any Standard Schema with
   * a JSON Schema conversion (valibot, arktype), or a JSON Schema validated as is. `{}` means no
   * arguments (as `z.object({})`: extra arguments are dropped).
   */
  inputSchema?: I;
  /**
   * When set, results must carry `structuredContent` matching it. Any JSON Schema (an array, a
   * string...); a schema that does not describe an object (`type: "object"`) is served only to
   * 2026-07-28 clients: older revisions list the tool without it and get its results without
   * `structuredContent` (the JSON still travels as text).
   */
  outputSchema?: O;
  annotations?: ToolAnnotations;
  icons?: Icon[];
  execution?: ToolExecution;
  /**
   * 2026-07-28 tasks extension (with `execution.taskSupport` `optional` or `required`): when the call
   * becomes a task. `'immediately'` (default) answers with the task before the handler runs;
   * `'by-handler'` runs the handler within the request, so it can first gather input by
   * multi-round-trip requests, until it calls `ctx.startTask()`.
   */
  taskStart?: 'immediately' | 'by-handler';
  _meta?: JSONObject;
  /**
   * Shows the tool only to callers for whom this returns `true`: others do not see it in
   * `tools/list`, and calling it answers exactly as for an unknown tool. Unset: visible to all.
   */
  visible?: VisibilityPredicate;
}

/** The arguments a tool handler receives, inferred from the tool's `inputSchema`. */
export type ToolArgs<I> = I extends SchemaInput ? InferSchema<I> : { [key: string]: unknown };

/**
 * The structured value of a tool with an output schema: typed by a zod or Standard Schema; any
 * value for a raw JSON Schema (which may describe an array, a string, ...).
 */
type ToolOutput<O> = O extends ZodType | StandardSchemaV1 | ZodRawShape ? InferSchema<O> : unknown;

/**
 * What a tool handler may return: text, one or more content blocks, a full result, or (with an
 * output schema) the structured value itself.
 */
export type ToolReturn<O = undefined> =
  | string
  | ContentBlock
  | ContentBlock[]
  | CallToolResult
  | (O extends SchemaInput ? ToolOutput<O> : never)
  | undefined
  // biome-ignore lint/suspicious/noConfusingVoidType: handlers that return nothing are typed `void`, not `undefined`
  | void;

/** Runs a tool call: receives the checked arguments and the handler context, returns the result. */
export type ToolHandler<I extends SchemaInput | undefined, O extends SchemaInput | undefined, TState> = (
  args: ToolArgs<I>,
  ctx: HandlerContext<TState>,
) => ToolReturn<O> | Promise<ToolReturn<O>>;

/** The changes `RegisteredTool.update` accepts: any part of the tool's config, its name or handler. */
export interface ToolUpdate<TState = any> {
  name?: string;
  title?: string;
  description?: string;
  inputSchema?: SchemaInput;
  outputSchema?: SchemaInput | null;
  annotations?: ToolAnnotations;
  icons?: Icon[];
  execution?: ToolExecution;
  taskStart?: 'immediately' | 'by-handler';
  _meta?: JSONObject;
  /** A new visibility predicate, or `null` to show the tool to every caller again. */
  visible?: VisibilityPredicate | null;
  handler?: ToolHandler<any, any, TState>;
}

export interface ToolEntry extends RegistryEntryBase {
  /** The wire definition in its newest shape, built at registration. */
  definition: JSONObject;
  input?: CompiledSchema;
  output?: CompiledSchema;
  /** Arguments mirrored in SEP-2243 `Mcp-Param-*` headers (2026-07-28 HTTP), from `x-mcp-header`. */
  headerParameters?: HeaderParameter[];
  /** The handler calls `ctx.startTask()` itself (`taskStart: 'by-handler'`). */
  startsTaskItself?: boolean;
  handler: (args: any, ctx: HandlerContext<any>) => unknown;
}

const EMPTY_INPUT_SCHEMA = Object.freeze({ type: 'object', properties: {} });

export function assertToolName(name: string): void {
  if (!TOOL_NAME.test(name)) {
    throw new TypeError(
      `Invalid tool name ${JSON.stringify(name)}: expected 1-128 characters of A-Z, a-z, 0-9, '_', '-', '.' or '/'`,
    );
  }
}

function buildDefinition(entry: ToolEntry, config: ToolConfig<any, any>): JSONObject {
  const definition: JSONObject = setDefined({ name: entry.key }, config, ['title', 'description']);
  definition.inputSchema = entry.input?.jsonSchema ?? EMPTY_INPUT_SCHEMA;
  if (entry.output !== undefined) definition.outputSchema = entry.output.jsonSchema;
  return setDefined(definition, config, ['annotations', 'execution', 'icons', '_meta']);
}

function compileInput(name: string, schema: SchemaInput | undefined): CompiledSchema | undefined {
  if (schema === undefined) return undefined;
  return compileSchema(schema, { io: 'input', label: `tool '${name}' inputSchema`, requireObject: true });
}

/** The `x-mcp-header` annotations of a compiled input schema; a broken one fails registration. */
function headerParametersOf(name: string, input: CompiledSchema | undefined): HeaderParameter[] | undefined {
  if (input === undefined) return undefined;
  // Kept on the compiled schema, which every server registering the same schema object shares
  // (a server built per stateless request would read the annotations again each time).
  input.headerParameters ??= readHeaderParameters(input.jsonSchema);
  const read = input.headerParameters;
  if ('invalid' in read)
    throw new TypeError(`Invalid x-mcp-header annotation in tool '${name}' inputSchema: ${read.invalid}`);
  return read.parameters.length > 0 ? read.parameters : undefined;
}

function compileOutput(name: string, schema: SchemaInput | null | undefined): CompiledSchema | undefined {
  if (schema === undefined || schema === null) return undefined;
  // Any JSON Schema (2026-07-28: structuredContent may be any JSON value); revisions up to
  // 2025-11-25 allow only object schemas, so shapeTool hides any other from those clients.
  return compileSchema(schema, { io: 'output', label: `tool '${name}' outputSchema` });
}

/** Compiles a tool's schemas once; listing and calling reuse the result. */
export function createToolEntry(
  seq: number,
  name: string,
  config: ToolConfig<any, any>,
  handler: ToolEntry['handler'],
): { entry: ToolEntry; config: ToolConfig<any, any> } {
  assertToolName(name);
  const entry: ToolEntry = { key: name, seq, enabled: true, definition: {}, handler };
  const input = compileInput(name, config.inputSchema);
  const output = compileOutput(name, config.outputSchema);
  const headerParameters = headerParametersOf(name, input);
  if (input) entry.input = input;
  if (output) entry.output = output;
  if (headerParameters) entry.headerParameters = headerParameters;
  if (config.taskStart === 'by-handler') entry.startsTaskItself = true;
  entry.definition = buildDefinition(entry, config);
  return { entry, config: { ...config } };
}

/** Applies an update in place, compiling new schemas first so a bad schema changes nothing. */
export function applyToolUpdate(
  entry: ToolEntry,
  config: ToolConfig<any, any>,
  patch: ToolUpdate,
  rename: (name: string) => void,
): void {
  const name = patch.name ?? entry.key;
  if (patch.name !== undefined) assertToolName(patch.name);
  const input = patch.inputSchema !== undefined ? compileInput(name, patch.inputSchema) : entry.input;
  const output = patch.outputSchema !== undefined ? compileOutput(name, patch.outputSchema) : entry.output;
  const headerParameters = headerParametersOf(name, input);
  if (patch.name !== undefined) rename(patch.name);
  const { handler, name: _ignored, ...rest } = patch;
  Object.assign(config, rest);
  if (input) entry.input = input;
  if (output) entry.output = output;
  else delete entry.output;
  if (headerParameters) entry.headerParameters = headerParameters;
  else delete entry.headerParameters;
  if (handler !== undefined) entry.handler = handler;
  if (config.taskStart === 'by-handler') entry.startsTaskItself = true;
  else delete entry.startsTaskItself;
  entry.definition = buildDefinition(entry, config);
}

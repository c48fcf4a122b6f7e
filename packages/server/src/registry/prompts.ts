import type {
  GetPromptResult,
  Icon,
  JSONObject,
  PromptArgument,
  PromptMessage,
} from '@mcpkit/protocol/essentials';
import type * as z from 'zod';
import type { HandlerContext } from '../core/handler-context.js';
import { type CompiledSchema, compileSchema, type ZodRawShape } from '../schema/compile-schema.js';
import type {
  InferStandardOutput,
  StandardSchemaV1,
  StandardSchemaWithJson,
} from '../schema/standard-schema.js';
import { type RegistryEntryBase, setDefined } from './registry.js';
import type { Completer } from './resources.js';
import type { VisibilityPredicate } from './visibility.js';

/**
 * Prompt arguments: an object schema of string fields (zod, or another Standard Schema with a
 * JSON Schema conversion: typed and validated handler args), or plain descriptors.
 */
export type PromptArgsInput = z.ZodObject | StandardSchemaWithJson | ZodRawShape | PromptArgument[];

/** The arguments a prompt handler receives, inferred from the prompt's `argsSchema`. */
export type PromptArgs<A> = A extends z.ZodType
  ? z.output<A>
  : A extends StandardSchemaV1
    ? InferStandardOutput<A>
    : A extends ZodRawShape
      ? z.output<z.ZodObject<A>>
      : { [key: string]: string | undefined };

/** How a prompt is registered: title, description, argument schema and icons. */
export interface PromptConfig<A extends PromptArgsInput | undefined = undefined, TState = any> {
  title?: string;
  description?: string;
  arguments?: A;
  icons?: Icon[];
  _meta?: JSONObject;
  /** Completions for arguments, by argument name. */
  complete?: Record<string, Completer<TState>>;
  /**
   * Shows the prompt only to callers for whom this returns `true`: others do not see it in
   * `prompts/list`, and getting or completing it answers exactly as for an unknown prompt.
   */
  visible?: VisibilityPredicate;
}

/** Text (one user message), one message, several messages, or a full GetPromptResult. */
export type PromptReturn = string | PromptMessage | PromptMessage[] | GetPromptResult;

/** Builds a prompt's messages from its arguments. */
export type PromptHandler<A extends PromptArgsInput | undefined, TState> = (
  args: PromptArgs<A>,
  ctx: HandlerContext<TState>,
) => PromptReturn | Promise<PromptReturn>;

/** The changes `RegisteredPrompt.update` accepts: any part of the prompt's config, its name or handler. */
export type PromptUpdate<TState = any> = Partial<Omit<PromptConfig<any, TState>, 'visible'>> & {
  name?: string;
  /** A new visibility predicate, or `null` to show the prompt to every caller again. */
  visible?: VisibilityPredicate | null;
  handler?: PromptHandler<any, TState>;
};

export interface PromptEntry extends RegistryEntryBase {
  definition: JSONObject;
  config: PromptConfig<any>;
  /** Set when arguments came from a schema (zod or Standard Schema): validates and types them. */
  schema?: CompiledSchema;
  argumentList: PromptArgument[];
  handler: (args: any, ctx: HandlerContext<any>) => unknown;
}

function describeArguments(name: string, input: PromptArgsInput | undefined) {
  if (input === undefined) return { argumentList: [] as PromptArgument[] };
  if (Array.isArray(input)) return { argumentList: input.map((argument) => ({ ...argument })) };
  const schema = compileSchema(input, {
    io: 'input',
    label: `prompt '${name}' arguments`,
    requireObject: true,
  });
  const properties = (schema.jsonSchema.properties ?? {}) as Record<string, { description?: string }>;
  const required = new Set((schema.jsonSchema.required ?? []) as string[]);
  const argumentList = Object.entries(properties).map(([argName, property]) => {
    const argument: PromptArgument = { name: argName };
    if (typeof property.description === 'string') argument.description = property.description;
    if (required.has(argName)) argument.required = true;
    return argument;
  });
  return { argumentList, schema };
}

function buildDefinition(entry: PromptEntry): JSONObject {
  const { config } = entry;
  const definition: JSONObject = setDefined({ name: entry.key }, config, ['title', 'description']);
  if (entry.argumentList.length > 0) definition.arguments = entry.argumentList;
  return setDefined(definition, config, ['icons', '_meta']);
}

export function createPromptEntry(
  seq: number,
  name: string,
  config: PromptConfig<any>,
  handler: PromptEntry['handler'],
): PromptEntry {
  if (name.length === 0) throw new TypeError('Prompt name must not be empty');
  const described = describeArguments(name, config.arguments);
  const entry: PromptEntry = {
    key: name,
    seq,
    enabled: true,
    definition: {},
    config: { ...config },
    argumentList: described.argumentList,
    handler,
  };
  if (described.schema) entry.schema = described.schema;
  entry.definition = buildDefinition(entry);
  return entry;
}

export function applyPromptUpdate(
  entry: PromptEntry,
  patch: PromptUpdate,
  rename: (name: string) => void,
): void {
  const described =
    patch.arguments !== undefined ? describeArguments(patch.name ?? entry.key, patch.arguments) : undefined;
  if (patch.name !== undefined) rename(patch.name);
  const { handler, name: _ignored, ...rest } = patch;
  Object.assign(entry.config, rest);
  if (described) {
    entry.argumentList = described.argumentList;
    if (described.schema) entry.schema = described.schema;
    else delete entry.schema;
  }
  if (handler !== undefined) entry.handler = handler;
  entry.definition = buildDefinition(entry);
}

/** Turns a prompt handler's return value into a GetPromptResult. */
export function normalizePromptResult(value: PromptReturn, name: string): JSONObject {
  if (typeof value === 'string')
    return { messages: [{ role: 'user', content: { type: 'text', text: value } }] };
  if (Array.isArray(value)) return { messages: value };
  if (typeof value === 'object' && value !== null) {
    if (Array.isArray((value as GetPromptResult).messages)) return value as JSONObject;
    if ('role' in value && 'content' in value) return { messages: [value] };
  }
  throw new TypeError(
    `Prompt '${name}' returned ${value === null ? 'null' : typeof value}; expected text, message(s) or a GetPromptResult`,
  );
}

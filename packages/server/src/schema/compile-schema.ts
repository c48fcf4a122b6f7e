import { JsonRpcError } from '@mcpkit/jsonrpc';
import { installedJsonSchemaCheck, type readHeaderParameters } from '@mcpkit/protocol/essentials';
import * as z from 'zod';
import type {
  InferStandardOutput,
  StandardIssue,
  StandardSchemaProps,
  StandardSchemaV1,
  StandardSchemaWithJson,
} from './standard-schema.js';

// Tool and custom-method schemas arrive as zod (an object schema or a raw shape), as any other
// Standard Schema with a Standard JSON Schema conversion (valibot, arktype, zod 3 through
// `withJsonSchema`), or as a JSON Schema document. Either way they are compiled once, at
// registration: the JSON Schema that goes on the wire is computed here (draft 2020-12) and the
// validator is built here, so listing or calling a tool never converts anything.

/** A JSON Schema document kept as the user wrote it. */
export type JsonSchemaObject = { [key: string]: unknown };

/** A zod object's shape, e.g. `{ name: z.string() }`; `{}` is the empty shape (no arguments). */
export type ZodRawShape = { [key: string]: z.ZodType };

/** Anything a schema option accepts. */
export type SchemaInput = z.ZodType | StandardSchemaWithJson | ZodRawShape | JsonSchemaObject;

/**
 * The value type a schema validates to: zod's output type, a Standard Schema's declared output
 * (`~standard.types.output`), or unknown JSON for raw JSON Schema.
 */
export type InferSchema<S> = S extends z.ZodType
  ? z.output<S>
  : S extends StandardSchemaV1
    ? InferStandardOutput<S>
    : S extends ZodRawShape
      ? z.output<z.ZodObject<S>>
      : { [key: string]: unknown };

export type ValidationOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

export interface CompiledSchema<T = unknown> {
  /** The JSON Schema sent to clients (draft 2020-12). */
  readonly jsonSchema: JsonSchemaObject;
  /** Checks a value; the failure message names the path, what was expected and what was received. */
  validate(value: unknown): ValidationOutcome<T>;
  /** The schema's `x-mcp-header` annotations as read once (see registry/tools.ts). */
  headerParameters?: ReturnType<typeof readHeaderParameters>;
}

export function isZodSchema(value: unknown): value is z.ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/** A zod shape; the empty object `{}` is one too, so `inputSchema: {}` means `z.object({})`. */
function isRawShape(value: object): value is ZodRawShape {
  return Object.values(value).every(isZodSchema);
}

export interface CompileOptions {
  /** Which side of zod transforms to describe: arguments in (`input`) or results out (`output`). */
  io: 'input' | 'output';
  /** Names the schema in registration errors, e.g. `tool 'echo' inputSchema`. */
  label: string;
  /** Require the schema to describe an object (`type: "object"`), as MCP tool schemas must. */
  requireObject?: boolean;
}

/**
 * Compiled schemas by schema object: a server built per request (or per tenant) that registers
 * the same schema objects pays for conversion and validator construction only the first time.
 */
const cache = new WeakMap<object, Map<string, CompiledSchema>>();

export function compileSchema<T = unknown>(input: SchemaInput, options: CompileOptions): CompiledSchema<T> {
  // Some libraries' schemas are functions (arktype's `type(...)`): accepted when they carry `~standard`.
  if (
    typeof input === 'function'
      ? !('~standard' in input)
      : typeof input !== 'object' || input === null || Array.isArray(input)
  ) {
    throw new TypeError(
      `${options.label}: expected a zod schema, a Standard Schema or a JSON Schema object, got ${typeof input}`,
    );
  }
  const variant = `${options.io}:${options.requireObject === true}`;
  const cached = cache.get(input)?.get(variant);
  if (cached !== undefined) return cached as CompiledSchema<T>;
  const compiled = compileUncached<T>(input, options);
  let variants = cache.get(input);
  if (variants === undefined) {
    variants = new Map();
    cache.set(input, variants);
  }
  variants.set(variant, compiled as CompiledSchema);
  return compiled;
}

function compileUncached<T>(input: SchemaInput, options: CompileOptions): CompiledSchema<T> {
  // zod 4 is checked first (its schemas are Standard Schemas too): its own converter is the
  // fastest path and honours `io` and unrepresentable types exactly as before.
  const compiled = isZodSchema(input)
    ? compileZod<T>(input, options)
    : '~standard' in input
      ? compileStandard<T>(input['~standard'] as StandardSchemaWithJson['~standard'], options)
      : isRawShape(input)
        ? compileZod<T>(z.object(input), options)
        : compileJsonSchema<T>(input as JsonSchemaObject, options);
  if (options.requireObject && compiled.jsonSchema.type !== 'object') {
    throw new TypeError(
      `${options.label}: expected an object schema (type "object"), got type ${JSON.stringify(compiled.jsonSchema.type)}`,
    );
  }
  return compiled;
}

/** Runs a step of compiling (a conversion, building a validator), naming the schema when it fails. */
function attempt<R>(options: CompileOptions, failure: string, run: () => R): R {
  try {
    return run();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new TypeError(`${options.label}: ${failure}: ${reason}`, { cause: error });
  }
}

function compileZod<T>(schema: z.ZodType, options: CompileOptions): CompiledSchema<T> {
  const jsonSchema = attempt(
    options,
    'zod schema cannot be converted to JSON Schema',
    () =>
      z.toJSONSchema(schema, {
        target: 'draft-2020-12',
        io: options.io,
        unrepresentable: 'any',
      }) as JsonSchemaObject,
  );
  return {
    jsonSchema,
    validate(value) {
      const result = schema.safeParse(value);
      if (result.success) return { ok: true, value: result.data as T };
      return { ok: false, message: describeIssues(result.error.issues) };
    },
  };
}

/**
 * Any other Standard Schema: converted through its own Standard JSON Schema methods and
 * validated through `~standard.validate`. MCP validation is synchronous (as zod's `safeParse`
 * is), so a schema that answers with a Promise is refused, naming it, rather than awaited.
 */
function compileStandard<T>(
  standard: StandardSchemaProps & Partial<StandardSchemaWithJson['~standard']>,
  options: CompileOptions,
): CompiledSchema<T> {
  const converter = standard.jsonSchema;
  if (converter === undefined) {
    throw new TypeError(
      `${options.label}: the ${standard.vendor} schema has no ~standard.jsonSchema; wrap it in withJsonSchema(schema, jsonSchema)`,
    );
  }
  const jsonSchema = attempt(options, `${standard.vendor} schema cannot be converted to JSON Schema`, () =>
    converter[options.io]({ target: 'draft-2020-12' }),
  );
  return {
    jsonSchema,
    validate(value) {
      const result = standard.validate(value);
      if (result instanceof Promise) {
        throw new TypeError(
          `${options.label}: the ${standard.vendor} schema validated asynchronously; only synchronous schemas are supported`,
        );
      }
      if (result.issues) return { ok: false, message: describeIssues(result.issues) };
      return { ok: true, value: result.value as T };
    },
  };
}

/**
 * Raw JSON Schemas are checked by the validator the application installed with
 * `setJsonSchemaValidatorFactory` (the built-in one or a full one). The server never brings one
 * itself, so a zod-only server carries no JSON Schema validator; with none installed a raw schema
 * is refused here, at registration, rather than left unchecked.
 */
function compileJsonSchema<T>(schema: JsonSchemaObject, options: CompileOptions): CompiledSchema<T> {
  const notASchema = shapeMistake(schema);
  if (notASchema !== undefined) throw new TypeError(`${options.label}: ${notASchema}`);
  const compile = installedJsonSchemaCheck();
  if (compile === undefined) throw new TypeError(noValidatorMessage(options.label));
  const check = attempt(options, 'invalid JSON Schema', () => compile(schema));
  return {
    jsonSchema: schema,
    validate(value) {
      let message: string | undefined;
      try {
        message = check(value);
      } catch (error) {
        // A value the validator could not check within its bounds (MCP 2026-07-28: composition
        // keywords SHOULD be bounded) is refused as a whole: -32602 naming the limit.
        if ((error as Error | undefined)?.name !== 'JsonSchemaLimitError') throw error;
        throw JsonRpcError.invalidParams(`${options.label}: ${(error as Error).message}`, {
          limit: (error as { limit?: unknown }).limit,
        });
      }
      return message === undefined ? { ok: true, value: value as T } : { ok: false, message };
    },
  };
}

/** Keywords of which a JSON Schema document has at least one at its root; a shape has none. */
const JSON_SCHEMA_ROOT = /^(\$|type$|properties$|(any|one|all)Of$|not$|enum$|const$|items$|required$|if$)/;

/**
 * An object with no JSON Schema keyword at its root was meant as a shape (`{ n: z.number() }`):
 * names its first value that is not a zod schema (the library of another Standard Schema, or what
 * was found and where), rather than taking it for raw JSON Schema that would check nothing, or
 * asking for a validator it would not need.
 */
function shapeMistake(schema: JsonSchemaObject): string | undefined {
  if (Object.keys(schema).some((key) => JSON_SCHEMA_ROOT.test(key))) return;
  for (const [key, value] of Object.entries(schema)) {
    if (isZodSchema(value)) continue;
    const vendor = (value as StandardSchemaV1 | null)?.['~standard']?.vendor;
    if (vendor) return `a shape of ${vendor} schemas; only zod shapes are supported, pass an object schema`;
    const found =
      typeof value === 'string'
        ? `'${value}'`
        : typeof value === 'object' && value
          ? 'an object'
          : String(value);
    return `${found} at ${key} is not a schema: expected a zod schema, a Standard Schema or a JSON Schema object with type: "object"`;
  }
}

function noValidatorMessage(label: string): string {
  return (
    `${label} is raw JSON Schema, and no JSON Schema validator is installed. Install the built-in ` +
    "one once at startup: import { jsonSchemaValidator, setJsonSchemaValidatorFactory } from '@mcpkit/protocol/json-schema'; " +
    'setJsonSchemaValidatorFactory(jsonSchemaValidator) — or pass a zod schema.'
  );
}

/**
 * `path: message` of the first issue (zod, valibot and arktype messages already say what was
 * expected and what was received). Standard Schema paths may hold `{ key }` segments.
 */
export function describeIssues(issues: readonly StandardIssue[]): string {
  const issue = issues[0];
  if (issue === undefined) return 'invalid value';
  const path = issue.path?.length
    ? issue.path.map((segment) => String(typeof segment === 'object' ? segment.key : segment)).join('.')
    : '(root)';
  return `${path}: ${issue.message}`;
}

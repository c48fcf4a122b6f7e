import { installedJsonSchemaCheck } from '@mcpkit/protocol/essentials';
import * as z from 'zod';

// Tool and custom-method schemas arrive as zod (an object schema or a raw shape) or as a JSON
// Schema document. Either way they are compiled once, at registration: the JSON Schema that goes
// on the wire is computed here (zod's own converter, draft 2020-12) and the validator is built
// here, so listing or calling a tool never converts anything.

/** A JSON Schema document kept as the user wrote it. */
export type JsonSchemaObject = { [key: string]: unknown };

/** A zod object's shape, e.g. `{ name: z.string() }`. */
export type ZodRawShape = { [key: string]: z.ZodType };

/** Anything a schema option accepts. */
export type SchemaInput = z.ZodType | ZodRawShape | JsonSchemaObject;

/** The value type a schema validates to: zod's output type, or unknown JSON for raw JSON Schema. */
export type InferSchema<S> = S extends z.ZodType
  ? z.output<S>
  : S extends ZodRawShape
    ? z.output<z.ZodObject<S>>
    : { [key: string]: unknown };

export type ValidationOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

export interface CompiledSchema<T = unknown> {
  /** The JSON Schema sent to clients (draft 2020-12). */
  readonly jsonSchema: JsonSchemaObject;
  /** Checks a value; the failure message names the path, what was expected and what was received. */
  validate(value: unknown): ValidationOutcome<T>;
}

export function isZodSchema(value: unknown): value is z.ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

function isRawShape(value: object): value is ZodRawShape {
  const entries = Object.values(value);
  return entries.length > 0 && entries.every(isZodSchema);
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
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new TypeError(
      `${options.label}: expected a zod schema or a JSON Schema object, got ${typeof input}`,
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
  const compiled = isZodSchema(input)
    ? compileZod<T>(input, options)
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

function compileZod<T>(schema: z.ZodType, options: CompileOptions): CompiledSchema<T> {
  let jsonSchema: JsonSchemaObject;
  try {
    jsonSchema = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io: options.io,
      unrepresentable: 'any',
    }) as JsonSchemaObject;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new TypeError(`${options.label}: zod schema cannot be converted to JSON Schema: ${reason}`, {
      cause: error,
    });
  }
  return {
    jsonSchema,
    validate(value) {
      const result = schema.safeParse(value);
      if (result.success) return { ok: true, value: result.data as T };
      return { ok: false, message: describeZodIssue(result.error) };
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
  const compile = installedJsonSchemaCheck();
  if (compile === undefined) throw new TypeError(noValidatorMessage(options.label));
  let check: (value: unknown) => string | undefined;
  try {
    check = compile(schema);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new TypeError(`${options.label}: invalid JSON Schema: ${reason}`, { cause: error });
  }
  return {
    jsonSchema: schema,
    validate(value) {
      const message = check(value);
      return message === undefined ? { ok: true, value: value as T } : { ok: false, message };
    },
  };
}

function noValidatorMessage(label: string): string {
  return (
    `${label} is raw JSON Schema, and no JSON Schema validator is installed. Install the built-in ` +
    "one once at startup: import { jsonSchemaValidator, setJsonSchemaValidatorFactory } from '@mcpkit/protocol/json-schema'; " +
    'setJsonSchemaValidatorFactory(jsonSchemaValidator) — or pass a zod schema.'
  );
}

/** `path: message` of the first zod issue (zod's messages already say expected and received). */
export function describeZodIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'invalid value';
  const path = issue.path.length === 0 ? '(root)' : issue.path.map(String).join('.');
  return `${path}: ${issue.message}`;
}

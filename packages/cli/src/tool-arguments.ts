import { usageError } from './exit-codes.js';

/** The part of a JSON Schema the coercion reads. */
export type ObjectSchemaLike = { readonly [keyword: string]: unknown };

/**
 * Builds a tools/call `arguments` object from `--input '<json object>'` and `--arg key=value` flags
 * (an `--arg` overrides the same key of `--input`). Each value is coerced by the type the tool's
 * input schema gives its property: `string` keeps the text as is, `number`/`integer`/`boolean`
 * must read as one, `object`/`array`/`null` must be JSON. A property without a single type gets the
 * value as JSON when it looks like JSON (a number, true, false, null, or starting with {, [ or "),
 * else as the string.
 */
export function buildArguments(
  input: string | undefined,
  pairs: readonly string[],
  schema: ObjectSchemaLike | undefined,
): Record<string, unknown> {
  const result: Record<string, unknown> = input === undefined ? {} : parseInput(input);
  for (const pair of pairs) {
    const equals = pair.indexOf('=');
    if (equals <= 0)
      throw usageError(`--arg ${JSON.stringify(pair)}: expected key=value, e.g. --arg message=hello`);
    const key = pair.slice(0, equals);
    const properties = schema?.properties as Record<string, unknown> | undefined;
    result[key] = coerce(key, pair.slice(equals + 1), properties?.[key]);
  }
  return result;
}

/** Prompt arguments are strings by the spec: `key=value` pairs, unchanged. */
export function buildStringArguments(pairs: readonly string[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const pair of pairs) {
    const equals = pair.indexOf('=');
    if (equals <= 0)
      throw usageError(`--arg ${JSON.stringify(pair)}: expected key=value, e.g. --arg message=hello`);
    result[pair.slice(0, equals)] = pair.slice(equals + 1);
  }
  return result;
}

function parseInput(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw usageError(
      `--input is not JSON (${(error as Error).message}); expected an object such as '{"message":"hi"}'`,
      {
        cause: error,
      },
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw usageError(
      `--input must be a JSON object of tool arguments, got ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}`,
    );
  }
  return value as Record<string, unknown>;
}

function schemaType(property: unknown): string | undefined {
  if (typeof property !== 'object' || property === null) return undefined;
  const type = (property as { type?: unknown }).type;
  return typeof type === 'string' ? type : undefined;
}

function coerce(key: string, text: string, property: unknown): unknown {
  const type = schemaType(property);
  const fail = (expected: string, cause?: unknown) =>
    usageError(`--arg ${key}=${text}: the tool's input schema expects ${expected} for "${key}"`, { cause });
  switch (type) {
    case 'string':
      return text;
    case 'number':
    case 'integer': {
      const value = text.trim() === '' ? Number.NaN : Number(text);
      if (!Number.isFinite(value) || (type === 'integer' && !Number.isInteger(value))) {
        throw fail(type === 'integer' ? 'an integer' : 'a number');
      }
      return value;
    }
    case 'boolean':
      if (text === 'true' || text === 'false') return text === 'true';
      throw fail('a boolean (true or false)');
    case 'object':
    case 'array':
    case 'null':
      try {
        return JSON.parse(text);
      } catch (error) {
        throw fail(`JSON (${type})`, error);
      }
    default:
      return parseJsonOrString(key, text);
  }
}

/** Text that reads as a JSON scalar, object, array or string; anything else is a plain string. */
const LOOKS_LIKE_JSON = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null|[{["].*)$/s;

function parseJsonOrString(key: string, text: string): unknown {
  if (!LOOKS_LIKE_JSON.test(text)) return text;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw usageError(
      `--arg ${key}=${text}: the value starts like JSON but does not parse (${(error as Error).message}); ` +
        'fix the JSON, or use --input for structured arguments',
      { cause: error },
    );
  }
}

// What every keyword family of the built-in validator shares: the compiled check's shape, how a
// failure is recorded, and the JSON value helpers (type names, equality, pointers, patterns).
//
// Own properties only: a name that comes from data (an instance's property, a `required` or
// `dependentRequired` entry, a `$ref` pointer segment, a `format` name) is looked up with
// `Object.hasOwn`, never `in` or a plain read, which find `__proto__`, `toString` and
// `constructor` on every object. Fixed keyword names on a schema may use `in`: no JSON Schema
// keyword is a member of Object.prototype.

import type { JsonSchemaErrorUnit } from './dialect.js';

/** A compiled (sub)schema: records why `value` fails in `errors` and returns whether it passed. */
export type Check = (value: unknown, location: string, errors: JsonSchemaErrorUnit[]) => boolean;

/** Compiles a subschema found at `at` in the schema (handed to each keyword family). */
export type CompileSubschema = (schema: unknown, at: string) => Check;

/** One family of keywords: adds a check to `checks` for each of its keywords the schema uses. */
export type KeywordFamily = (
  schema: Record<string, unknown>,
  at: string,
  checks: Check[],
  compile: CompileSubschema,
) => void;

/**
 * Bounds on the work of one validation. MCP 2026-07-28 (basic/index.mdx, "Composition-Keyword
 * Resource Use"): implementations SHOULD apply reasonable bounds so that a malicious schema cannot
 * act as a Denial-of-Service vector against the validator. Nested `anyOf`/`$ref` double the work
 * at each level: without bounds, 14 levels collected 65 534 errors and 15 overflowed the stack.
 */
export interface JsonSchemaLimits {
  /** Subschemas applied inside one another (a `$ref`, an applicator, a property's schema...). */
  maxDepth: number;
  /** Subschemas applied in one validation, all branches counted. */
  maxSteps: number;
  /** Failures recorded in one validation, those of discarded `anyOf`/`oneOf` branches included. */
  maxErrors: number;
}

/** The built-in validator's bounds unless told otherwise: 256 deep, 1 000 000 steps, 10 000 failures. */
export const DEFAULT_JSON_SCHEMA_LIMITS: Readonly<JsonSchemaLimits> = {
  maxDepth: 256,
  maxSteps: 1_000_000,
  maxErrors: 10_000,
};

/**
 * What a validation that reached one of its `JsonSchemaLimits` throws: the value could not be
 * validated within bounds (neither valid nor invalid). A RangeError whose `name` is
 * `JsonSchemaLimitError`, which servers recognise (see `JsonSchemaValidatorFactory`), and whose
 * `limit` says which limit was reached.
 */
export type JsonSchemaLimitError = RangeError & { limit: keyof JsonSchemaLimits };

/** The error for `limit`, reached at `location` in the instance. */
export function limitReached(limit: keyof JsonSchemaLimits, location: string): JsonSchemaLimitError {
  const error = new RangeError(
    `JSON Schema validation stopped at ${location}: limit ${limit} (${run.limits[limit]}) reached`,
  ) as JsonSchemaLimitError;
  error.name = 'JsonSchemaLimitError';
  error.limit = limit;
  return error;
}

/**
 * The validation under way: its limits and the failures it recorded. Validation is synchronous and
 * never re-entered, so one record serves every compiled schema; `startValidation` resets it.
 */
export const run = { limits: DEFAULT_JSON_SCHEMA_LIMITS as JsonSchemaLimits, errorsLeft: 0 };

/** Records one failing keyword; always false, so a check can end with `|| fail(...)`. */
export function fail(errors: JsonSchemaErrorUnit[], location: string, keyword: string, error: string): false {
  if (--run.errorsLeft < 0) throw limitReached('maxErrors', location);
  errors.push({ instanceLocation: location, keyword, error });
  return false;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => jsonEqual(item, other[i]));
  }
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  if (aKeys.length !== Object.keys(bRecord).length) return false;
  return aKeys.every(
    (key) => Object.hasOwn(bRecord, key) && jsonEqual((a as Record<string, unknown>)[key], bRecord[key]),
  );
}

/** A key as one segment of a JSON pointer (`~` and `/` escaped). */
export function pointerSegment(key: string | number): string {
  return String(key).replaceAll('~', '~0').replaceAll('/', '~1');
}

export function compilePattern(source: string, at: string): RegExp {
  try {
    return new RegExp(source, 'u');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new TypeError(
      `invalid JSON Schema at ${at}: pattern ${JSON.stringify(source)} is not a valid regular expression (${reason})`,
      { cause: error },
    );
  }
}

// Compiles a schema document into checks: boolean schemas, local `$ref`s (JSON pointers and
// `$anchor`s, cycles included) and refused keywords here; every other keyword in its family's module.

import { addArrayKeywords } from './array-keywords.js';
import {
  type Check,
  type CompileSubschema,
  fail,
  type JsonSchemaLimits,
  limitReached,
  run,
  typeOf,
} from './check.js';
import type { JsonSchemaDialect } from './dialect.js';
import { addGenericKeywords } from './generic-keywords.js';
import { addObjectKeywords } from './object-keywords.js';
import { addScalarKeywords } from './scalar-keywords.js';

/** Keywords this validator refuses rather than silently ignoring. */
export const UNSUPPORTED_JSON_SCHEMA_KEYWORDS: readonly string[] = [
  '$dynamicRef',
  '$recursiveRef',
  'unevaluatedProperties',
  'unevaluatedItems',
];

const KEYWORD_FAMILIES = [addGenericKeywords, addObjectKeywords, addArrayKeywords, addScalarKeywords];

// What the validation under way may still spend (see `run` in check.ts): module variables rather
// than properties, since every application of a subschema counts down both.
let stepsLeft = 0;
let depthLeft = 0;

/** Starts one validation within `limits`. */
export function startValidation(limits: JsonSchemaLimits): void {
  run.limits = limits;
  run.errorsLeft = limits.maxErrors;
  stepsLeft = limits.maxSteps;
  depthLeft = limits.maxDepth;
}

/**
 * The compiler of one schema document. Compiled checks are kept by schema object, so a `$ref`
 * cycle resolves to the same (lazy) check instead of recursing forever.
 */
export function schemaCompiler(root: unknown, dialect: JsonSchemaDialect): CompileSubschema {
  const compiled = new Map<object, Check>();
  const compile: CompileSubschema = (schema, at) => {
    if (schema === true) return () => true;
    if (schema === false)
      return (_value, location, errors) => fail(errors, location, 'false', 'False boolean schema.');
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      throw new TypeError(
        `invalid JSON Schema at ${at}: expected an object or a boolean, got ${typeOf(schema)}`,
      );
    }
    const known = compiled.get(schema);
    if (known !== undefined) return known;
    let body: Check | undefined;
    // Registered before compiling the body so a recursive $ref finds it. Every application of a
    // subschema passes here, so this is where one validation's steps and depth are bounded.
    const check: Check = (value, location, errors) => {
      if (--stepsLeft < 0 || --depthLeft < 0)
        throw limitReached(stepsLeft < 0 ? 'maxSteps' : 'maxDepth', location);
      const valid = body!(value, location, errors);
      depthLeft++;
      return valid;
    };
    compiled.set(schema, check);
    body = compileObject(schema as Record<string, unknown>, at);
    return check;
  };

  const compileObject = (schema: Record<string, unknown>, at: string): Check => {
    for (const keyword of UNSUPPORTED_JSON_SCHEMA_KEYWORDS) {
      if (keyword in schema) {
        throw new TypeError(
          `unsupported JSON Schema at ${at}: keyword "${keyword}" is not supported by the built-in validator`,
        );
      }
    }
    const checks: Check[] = [];
    if (typeof schema.$ref === 'string') {
      const target = compile(resolveRef(root, schema.$ref, `${at}/$ref`), `${at}/$ref`);
      checks.push(
        (value, location, errors) =>
          target(value, location, errors) || fail(errors, location, '$ref', `A subschema had errors.`),
      );
      // Before 2019-09, $ref replaces every sibling keyword.
      if (dialect === '4' || dialect === '7') return checks[0]!;
    }
    for (const addKeywords of KEYWORD_FAMILIES) addKeywords(schema, at, checks, compile);
    return (value, location, errors) => {
      let valid = true;
      for (const check of checks) if (!check(value, location, errors)) valid = false;
      return valid;
    };
  };

  return compile;
}

/** The subschema a local `$ref` names: `#`, `#anchor`, or a JSON pointer through own properties. */
function resolveRef(root: unknown, ref: string, at: string): unknown {
  if (!ref.startsWith('#')) {
    throw new TypeError(
      `unsupported JSON Schema at ${at}: $ref "${ref}" is not local (only "#..." pointers are resolved)`,
    );
  }
  let target: unknown = root;
  const pointer = decodeURIComponent(ref.slice(1));
  if (pointer === '') return target;
  if (/^[A-Za-z_][\w.-]*$/.test(pointer)) {
    const anchored = findAnchor(root, pointer);
    if (anchored !== undefined) return anchored;
    throw new TypeError(`invalid JSON Schema at ${at}: $ref "${ref}" names no $anchor in the schema`);
  }
  if (!pointer.startsWith('/')) {
    throw new TypeError(`unsupported JSON Schema at ${at}: $ref "${ref}" is not a JSON pointer`);
  }
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof target !== 'object' || target === null || !Object.hasOwn(target, key)) {
      throw new TypeError(`invalid JSON Schema at ${at}: $ref "${ref}" points to nothing`);
    }
    target = (target as Record<string, unknown>)[key];
  }
  return target;
}

/** The subschema declaring `$anchor: name`, searched depth-first through the whole document. */
function findAnchor(node: unknown, name: string): unknown {
  if (typeof node !== 'object' || node === null) return undefined;
  if (!Array.isArray(node) && (node as Record<string, unknown>).$anchor === name) return node;
  for (const child of Object.values(node)) {
    const found = findAnchor(child, name);
    if (found !== undefined) return found;
  }
  return undefined;
}

// A small JSON Schema validator for the keywords MCP schemas use in practice (tool input and
// output schemas, elicitation forms). It keeps the minimal server and client bundles light; a
// schema that needs more (dynamic references, unevaluated*, remote $ref) is refused at compile
// time with the keyword named, so nothing is ever validated loosely by mistake.

import {
  type JsonSchemaDialect,
  type JsonSchemaErrorUnit,
  type JsonSchemaValidation,
  jsonSchemaDialectOf,
} from './dialect.js';

/** Keywords this validator refuses rather than silently ignoring. */
export const UNSUPPORTED_JSON_SCHEMA_KEYWORDS: readonly string[] = [
  '$dynamicRef',
  '$recursiveRef',
  'unevaluatedProperties',
  'unevaluatedItems',
];

type Check = (value: unknown, location: string, errors: JsonSchemaErrorUnit[]) => boolean;

/**
 * Compiles a schema once into a checking function. Throws a TypeError naming the keyword and
 * its location when the schema is malformed or uses a keyword this validator does not support.
 */
export function compileJsonSchemaValidator(
  schema: unknown,
  dialect: JsonSchemaDialect = jsonSchemaDialectOf(schema),
): (value: unknown) => JsonSchemaValidation {
  const compiler = new Compiler(schema, dialect);
  const check = compiler.compile(schema, '#');
  return (value) => {
    const errors: JsonSchemaErrorUnit[] = [];
    const valid = check(value, '#', errors);
    return { valid, errors: valid ? [] : errors };
  };
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function matchesType(value: unknown, type: string): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

function jsonEqual(a: unknown, b: unknown): boolean {
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
  return aKeys.every((key) => key in bRecord && jsonEqual((a as Record<string, unknown>)[key], bRecord[key]));
}

function pointerSegment(key: string | number): string {
  return String(key).replaceAll('~', '~0').replaceAll('/', '~1');
}

const FORMATS: Record<string, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  'date-time': /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/,
  time: /^\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})?$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  uri: /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/,
  uuid: /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
};

class Compiler {
  /** Compiled checks by schema object, so `$ref` cycles resolve to the same (lazy) check. */
  private readonly compiled = new Map<object, Check>();

  constructor(
    private readonly root: unknown,
    private readonly dialect: JsonSchemaDialect,
  ) {}

  compile(schema: unknown, at: string): Check {
    if (schema === true) return () => true;
    if (schema === false) {
      return (_value, location, errors) => {
        errors.push({ instanceLocation: location, keyword: 'false', error: 'False boolean schema.' });
        return false;
      };
    }
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      throw new TypeError(
        `invalid JSON Schema at ${at}: expected an object or a boolean, got ${typeOf(schema)}`,
      );
    }
    const known = this.compiled.get(schema);
    if (known !== undefined) return known;
    let body: Check | undefined;
    // Registered before compiling the body so a recursive $ref finds it.
    const check: Check = (value, location, errors) => body!(value, location, errors);
    this.compiled.set(schema, check);
    body = this.compileObject(schema as Record<string, unknown>, at);
    return check;
  }

  private resolveRef(ref: string, at: string): unknown {
    if (!ref.startsWith('#')) {
      throw new TypeError(
        `unsupported JSON Schema at ${at}: $ref "${ref}" is not local (only "#..." pointers are resolved)`,
      );
    }
    let target: unknown = this.root;
    const pointer = decodeURIComponent(ref.slice(1));
    if (pointer === '') return target;
    if (/^[A-Za-z_][\w.-]*$/.test(pointer)) {
      const anchored = findAnchor(this.root, pointer);
      if (anchored !== undefined) return anchored;
      throw new TypeError(`invalid JSON Schema at ${at}: $ref "${ref}" names no $anchor in the schema`);
    }
    if (!pointer.startsWith('/')) {
      throw new TypeError(`unsupported JSON Schema at ${at}: $ref "${ref}" is not a JSON pointer`);
    }
    for (const raw of pointer.slice(1).split('/')) {
      const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
      if (typeof target !== 'object' || target === null || !(key in target)) {
        throw new TypeError(`invalid JSON Schema at ${at}: $ref "${ref}" points to nothing`);
      }
      target = (target as Record<string, unknown>)[key];
    }
    return target;
  }

  private compileObject(schema: Record<string, unknown>, at: string): Check {
    for (const keyword of UNSUPPORTED_JSON_SCHEMA_KEYWORDS) {
      if (keyword in schema) {
        throw new TypeError(
          `unsupported JSON Schema at ${at}: keyword "${keyword}" is not supported by the built-in validator`,
        );
      }
    }
    const checks: Check[] = [];
    const fail = (errors: JsonSchemaErrorUnit[], location: string, keyword: string, error: string) => {
      errors.push({ instanceLocation: location, keyword, error });
      return false;
    };
    if (typeof schema.$ref === 'string') {
      const ref = schema.$ref;
      const target = this.compile(this.resolveRef(ref, `${at}/$ref`), `${at}/$ref`);
      checks.push(
        (value, location, errors) =>
          target(value, location, errors) || fail(errors, location, '$ref', `A subschema had errors.`),
      );
      // Before 2019-09, $ref replaces every sibling keyword.
      if (this.dialect === '4' || this.dialect === '7') return checks[0]!;
    }
    this.addGeneric(schema, at, checks, fail);
    this.addObject(schema, at, checks, fail);
    this.addArray(schema, at, checks, fail);
    this.addScalar(schema, at, checks, fail);
    return (value, location, errors) => {
      let valid = true;
      for (const check of checks) if (!check(value, location, errors)) valid = false;
      return valid;
    };
  }

  private addGeneric(schema: Record<string, unknown>, at: string, checks: Check[], fail: Fail): void {
    const type = schema.type;
    if (type !== undefined) {
      const types = Array.isArray(type) ? (type as string[]) : [type as string];
      checks.push(
        (value, location, errors) =>
          types.some((t) => matchesType(value, t)) ||
          fail(
            errors,
            location,
            'type',
            `Instance type "${typeOf(value)}" is invalid. Expected "${types.join('", "')}".`,
          ),
      );
    }
    if ('const' in schema) {
      const expected = schema.const;
      checks.push(
        (value, location, errors) =>
          jsonEqual(value, expected) ||
          fail(errors, location, 'const', `Instance does not match ${JSON.stringify(expected)}.`),
      );
    }
    if (Array.isArray(schema.enum)) {
      const options = schema.enum as unknown[];
      checks.push(
        (value, location, errors) =>
          options.some((option) => jsonEqual(value, option)) ||
          fail(errors, location, 'enum', `Instance does not match any of ${JSON.stringify(options)}.`),
      );
    }
    const list = (keyword: string) =>
      Array.isArray(schema[keyword])
        ? (schema[keyword] as unknown[]).map((sub, i) => this.compile(sub, `${at}/${keyword}/${i}`))
        : undefined;
    const allOf = list('allOf');
    if (allOf) {
      checks.push((value, location, errors) => {
        let valid = true;
        for (const sub of allOf) if (!sub(value, location, errors)) valid = false;
        return valid || fail(errors, location, 'allOf', 'Instance does not match every subschema.');
      });
    }
    const anyOf = list('anyOf');
    if (anyOf) {
      checks.push((value, location, errors) => {
        const inner: JsonSchemaErrorUnit[] = [];
        if (anyOf.some((sub) => sub(value, location, inner))) return true;
        errors.push(...inner);
        return fail(errors, location, 'anyOf', 'Instance does not match any subschemas.');
      });
    }
    const oneOf = list('oneOf');
    if (oneOf) {
      checks.push((value, location, errors) => {
        const inner: JsonSchemaErrorUnit[] = [];
        const matches = oneOf.filter((sub) => sub(value, location, inner)).length;
        if (matches === 1) return true;
        if (matches === 0) errors.push(...inner);
        return fail(
          errors,
          location,
          'oneOf',
          `Instance does not match exactly one subschema (${matches} matches).`,
        );
      });
    }
    if ('not' in schema) {
      const not = this.compile(schema.not, `${at}/not`);
      checks.push(
        (value, location, errors) =>
          !not(value, location, []) || fail(errors, location, 'not', 'Instance matched "not" schema.'),
      );
    }
    if ('if' in schema) {
      const condition = this.compile(schema.if, `${at}/if`);
      const then = 'then' in schema ? this.compile(schema.then, `${at}/then`) : undefined;
      const otherwise = 'else' in schema ? this.compile(schema.else, `${at}/else`) : undefined;
      checks.push((value, location, errors) => {
        if (condition(value, location, [])) {
          return (
            !then ||
            then(value, location, errors) ||
            fail(errors, location, 'then', 'Instance does not match "then" schema.')
          );
        }
        return (
          !otherwise ||
          otherwise(value, location, errors) ||
          fail(errors, location, 'else', 'Instance does not match "else" schema.')
        );
      });
    }
  }

  private addObject(schema: Record<string, unknown>, at: string, checks: Check[], fail: Fail): void {
    const isObject = (value: unknown): value is Record<string, unknown> =>
      typeof value === 'object' && value !== null && !Array.isArray(value);
    const objectCheck = (
      check: (value: Record<string, unknown>, location: string, errors: JsonSchemaErrorUnit[]) => boolean,
    ) => checks.push((value, location, errors) => !isObject(value) || check(value, location, errors));
    if (Array.isArray(schema.required)) {
      const required = schema.required as string[];
      objectCheck((value, location, errors) => {
        let valid = true;
        for (const key of required) {
          if (!(key in value))
            valid = fail(errors, location, 'required', `Instance does not have required property "${key}".`);
        }
        return valid;
      });
    }
    if (typeof schema.minProperties === 'number') {
      const min = schema.minProperties;
      objectCheck(
        (value, location, errors) =>
          Object.keys(value).length >= min ||
          fail(errors, location, 'minProperties', `Instance does not have at least ${min} properties.`),
      );
    }
    if (typeof schema.maxProperties === 'number') {
      const max = schema.maxProperties;
      objectCheck(
        (value, location, errors) =>
          Object.keys(value).length <= max ||
          fail(errors, location, 'maxProperties', `Instance has more than ${max} properties.`),
      );
    }
    if (isObject(schema.dependentRequired)) {
      const dependencies = schema.dependentRequired as Record<string, string[]>;
      objectCheck((value, location, errors) => {
        let valid = true;
        for (const [key, needed] of Object.entries(dependencies)) {
          if (!(key in value)) continue;
          for (const other of needed) {
            if (!(other in value))
              valid = fail(
                errors,
                location,
                'dependentRequired',
                `Instance has "${key}" but does not have "${other}".`,
              );
          }
        }
        return valid;
      });
    }
    const schemaMap = (keyword: string) =>
      isObject(schema[keyword])
        ? Object.entries(schema[keyword] as Record<string, unknown>).map(
            ([key, sub]) => [key, this.compile(sub, `${at}/${keyword}/${pointerSegment(key)}`)] as const,
          )
        : undefined;
    const dependentSchemas = schemaMap('dependentSchemas');
    if (dependentSchemas) {
      objectCheck((value, location, errors) => {
        let valid = true;
        for (const [key, sub] of dependentSchemas) {
          if (key in value && !sub(value, location, errors)) {
            valid = fail(
              errors,
              location,
              'dependentSchemas',
              `Instance has "${key}" but does not match dependant schema.`,
            );
          }
        }
        return valid;
      });
    }
    if ('propertyNames' in schema) {
      const names = this.compile(schema.propertyNames, `${at}/propertyNames`);
      objectCheck((value, location, errors) => {
        let valid = true;
        for (const key of Object.keys(value)) {
          if (!names(key, location, errors))
            valid = fail(errors, location, 'propertyNames', `Property name "${key}" does not match schema.`);
        }
        return valid;
      });
    }
    const properties = new Map(schemaMap('properties'));
    const patterns = (schemaMap('patternProperties') ?? []).map(
      ([source, sub]) => [compilePattern(source, `${at}/patternProperties`), source, sub] as const,
    );
    const additional =
      'additionalProperties' in schema
        ? this.compile(schema.additionalProperties, `${at}/additionalProperties`)
        : undefined;
    if (properties.size === 0 && patterns.length === 0 && additional === undefined) return;
    objectCheck((value, location, errors) => {
      let valid = true;
      for (const key of Object.keys(value)) {
        const child = `${location}/${pointerSegment(key)}`;
        let matched = false;
        const property = properties.get(key);
        if (property !== undefined) {
          matched = true;
          if (!property(value[key], child, errors))
            valid = fail(errors, location, 'properties', `Property "${key}" does not match schema.`);
        }
        for (const [pattern, source, sub] of patterns) {
          if (!pattern.test(key)) continue;
          matched = true;
          if (!sub(value[key], child, errors)) {
            valid = fail(
              errors,
              location,
              'patternProperties',
              `Property "${key}" matches pattern "${source}" but does not match associated schema.`,
            );
          }
        }
        if (!matched && additional !== undefined && !additional(value[key], child, errors)) {
          valid = fail(
            errors,
            location,
            'additionalProperties',
            `Property "${key}" does not match additional properties schema.`,
          );
        }
      }
      return valid;
    });
  }

  private addArray(schema: Record<string, unknown>, at: string, checks: Check[], fail: Fail): void {
    const arrayCheck = (
      check: (value: unknown[], location: string, errors: JsonSchemaErrorUnit[]) => boolean,
    ) => checks.push((value, location, errors) => !Array.isArray(value) || check(value, location, errors));
    if (typeof schema.minItems === 'number') {
      const min = schema.minItems;
      arrayCheck(
        (value, location, errors) =>
          value.length >= min ||
          fail(errors, location, 'minItems', `Array has too few items (${value.length} < ${min}).`),
      );
    }
    if (typeof schema.maxItems === 'number') {
      const max = schema.maxItems;
      arrayCheck(
        (value, location, errors) =>
          value.length <= max ||
          fail(errors, location, 'maxItems', `Array has too many items (${value.length} > ${max}).`),
      );
    }
    if (schema.uniqueItems === true) {
      arrayCheck((value, location, errors) => {
        for (let i = 0; i < value.length; i++) {
          for (let j = i + 1; j < value.length; j++) {
            if (jsonEqual(value[i], value[j]))
              return fail(errors, location, 'uniqueItems', `Duplicate items at indexes ${i} and ${j}.`);
          }
        }
        return true;
      });
    }
    // 2020-12 splits tuple items (prefixItems) from the rest (items); older drafts use an items array + additionalItems.
    const legacyTuple = Array.isArray(schema.items);
    const prefixSource = legacyTuple
      ? (schema.items as unknown[])
      : Array.isArray(schema.prefixItems)
        ? (schema.prefixItems as unknown[])
        : [];
    const prefixKeyword = legacyTuple ? 'items' : 'prefixItems';
    const prefix = prefixSource.map((sub, i) => this.compile(sub, `${at}/${prefixKeyword}/${i}`));
    const restKeyword = legacyTuple ? 'additionalItems' : 'items';
    const rest =
      restKeyword in schema && !(legacyTuple === false && Array.isArray(schema.items))
        ? this.compile(schema[restKeyword], `${at}/${restKeyword}`)
        : undefined;
    if (prefix.length > 0 || rest !== undefined) {
      arrayCheck((value, location, errors) => {
        let valid = true;
        value.forEach((item, i) => {
          const sub = i < prefix.length ? prefix[i] : rest;
          if (sub !== undefined && !sub(item, `${location}/${i}`, errors)) {
            valid = fail(
              errors,
              location,
              i < prefix.length ? prefixKeyword : restKeyword,
              'Items did not match schema.',
            );
          }
        });
        return valid;
      });
    }
    if ('contains' in schema) {
      const contains = this.compile(schema.contains, `${at}/contains`);
      const min = typeof schema.minContains === 'number' ? schema.minContains : 1;
      const max = typeof schema.maxContains === 'number' ? schema.maxContains : Number.POSITIVE_INFINITY;
      arrayCheck((value, location, errors) => {
        const found = value.filter((item, i) => contains(item, `${location}/${i}`, [])).length;
        if (found < min)
          return fail(
            errors,
            location,
            'contains',
            `Array must contain at least ${min} items matching schema. Only ${found} items were found.`,
          );
        if (found > max)
          return fail(
            errors,
            location,
            'maxContains',
            `Array may contain at most ${max} items matching schema. ${found} items were found.`,
          );
        return true;
      });
    }
  }

  private addScalar(schema: Record<string, unknown>, at: string, checks: Check[], fail: Fail): void {
    const numberCheck = (
      keyword: string,
      ok: (value: number) => boolean,
      message: (value: number) => string,
    ) =>
      checks.push(
        (value, location, errors) =>
          typeof value !== 'number' || ok(value) || fail(errors, location, keyword, message(value)),
      );
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = schema;
    if (typeof minimum === 'number') {
      if (exclusiveMinimum === true)
        numberCheck(
          'minimum',
          (v) => v > minimum,
          (v) => `${v} is less than or equal to ${minimum}.`,
        );
      else
        numberCheck(
          'minimum',
          (v) => v >= minimum,
          (v) => `${v} is less than ${minimum}.`,
        );
    }
    if (typeof maximum === 'number') {
      if (exclusiveMaximum === true)
        numberCheck(
          'maximum',
          (v) => v < maximum,
          (v) => `${v} is greater than or equal to ${maximum}.`,
        );
      else
        numberCheck(
          'maximum',
          (v) => v <= maximum,
          (v) => `${v} is greater than ${maximum}.`,
        );
    }
    if (typeof exclusiveMinimum === 'number') {
      numberCheck(
        'exclusiveMinimum',
        (v) => v > exclusiveMinimum,
        (v) => `${v} is less than or equal to ${exclusiveMinimum}.`,
      );
    }
    if (typeof exclusiveMaximum === 'number') {
      numberCheck(
        'exclusiveMaximum',
        (v) => v < exclusiveMaximum,
        (v) => `${v} is greater than or equal to ${exclusiveMaximum}.`,
      );
    }
    if (typeof multipleOf === 'number') {
      numberCheck(
        'multipleOf',
        (v) => {
          const quotient = v / multipleOf;
          return Math.abs(quotient - Math.round(quotient)) < 1e-9;
        },
        (v) => `${v} is not a multiple of ${multipleOf}.`,
      );
    }
    const stringCheck = (
      keyword: string,
      ok: (value: string) => boolean,
      message: (value: string) => string,
    ) =>
      checks.push(
        (value, location, errors) =>
          typeof value !== 'string' || ok(value) || fail(errors, location, keyword, message(value)),
      );
    // Lengths count code points, not UTF-16 units, as the spec says.
    const length = (value: string) => [...value].length;
    if (typeof schema.minLength === 'number') {
      const min = schema.minLength;
      stringCheck(
        'minLength',
        (v) => length(v) >= min,
        (v) => `String is too short (${length(v)} < ${min}).`,
      );
    }
    if (typeof schema.maxLength === 'number') {
      const max = schema.maxLength;
      stringCheck(
        'maxLength',
        (v) => length(v) <= max,
        (v) => `String is too long (${length(v)} > ${max}).`,
      );
    }
    if (typeof schema.pattern === 'string') {
      const pattern = compilePattern(schema.pattern, `${at}/pattern`);
      stringCheck(
        'pattern',
        (v) => pattern.test(v),
        () => `String does not match pattern "${schema.pattern}".`,
      );
    }
    const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
    if (format !== undefined) {
      stringCheck(
        'format',
        (v) => format.test(v),
        () => `String does not match format "${schema.format}".`,
      );
    }
  }
}

type Fail = (errors: JsonSchemaErrorUnit[], location: string, keyword: string, error: string) => boolean;

function compilePattern(source: string, at: string): RegExp {
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

// Keywords for any instance: type, const, enum, and the applicators allOf, anyOf, oneOf, not,
// if/then/else.

import { type Check, fail, jsonEqual, type KeywordFamily, typeOf } from './check.js';
import type { JsonSchemaErrorUnit } from './dialect.js';

function matchesType(value: unknown, type: string): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

export const addGenericKeywords: KeywordFamily = (schema, at, checks, compile) => {
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
  const list = (keyword: string): Check[] | undefined =>
    Array.isArray(schema[keyword])
      ? (schema[keyword] as unknown[]).map((sub, i) => compile(sub, `${at}/${keyword}/${i}`))
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
    const not = compile(schema.not, `${at}/not`);
    checks.push(
      (value, location, errors) =>
        !not(value, location, []) || fail(errors, location, 'not', 'Instance matched "not" schema.'),
    );
  }
  if ('if' in schema) {
    const condition = compile(schema.if, `${at}/if`);
    const then = 'then' in schema ? compile(schema.then, `${at}/then`) : undefined;
    const otherwise = 'else' in schema ? compile(schema.else, `${at}/else`) : undefined;
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
};

// Keywords for numbers (bounds, multipleOf) and strings (lengths, pattern, format).

import { compilePattern, fail, type KeywordFamily } from './check.js';

/** The formats checked; any other format is an annotation only, as the spec allows. */
const FORMATS: Record<string, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  'date-time': /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/,
  time: /^\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})?$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  uri: /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/,
  uuid: /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
};

export const addScalarKeywords: KeywordFamily = (schema, at, checks) => {
  const numberCheck = (keyword: string, ok: (value: number) => boolean, message: (value: number) => string) =>
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
  const stringCheck = (keyword: string, ok: (value: string) => boolean, message: (value: string) => string) =>
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
  // Own formats only: `format: "toString"` must not find Object.prototype.toString.
  const format =
    typeof schema.format === 'string' && Object.hasOwn(FORMATS, schema.format)
      ? FORMATS[schema.format]
      : undefined;
  if (format !== undefined) {
    stringCheck(
      'format',
      (v) => format.test(v),
      () => `String does not match format "${schema.format}".`,
    );
  }
};

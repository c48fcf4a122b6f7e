// Keywords for object instances. Every lookup by property name asks whether the instance itself
// has it (`Object.hasOwn`), so `__proto__`, `toString` or `constructor` is never found on the prototype.

import { compilePattern, fail, isObject, type KeywordFamily, pointerSegment } from './check.js';
import type { JsonSchemaErrorUnit } from './dialect.js';

type ObjectCheck = (
  value: Record<string, unknown>,
  location: string,
  errors: JsonSchemaErrorUnit[],
) => boolean;

export const addObjectKeywords: KeywordFamily = (schema, at, checks, compile) => {
  const objectCheck = (check: ObjectCheck) =>
    checks.push((value, location, errors) => !isObject(value) || check(value, location, errors));
  if (Array.isArray(schema.required)) {
    const required = schema.required as string[];
    objectCheck((value, location, errors) => {
      let valid = true;
      for (const key of required) {
        if (!Object.hasOwn(value, key))
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
        if (!Object.hasOwn(value, key)) continue;
        for (const other of needed) {
          if (!Object.hasOwn(value, other))
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
          ([key, sub]) => [key, compile(sub, `${at}/${keyword}/${pointerSegment(key)}`)] as const,
        )
      : undefined;
  const dependentSchemas = schemaMap('dependentSchemas');
  if (dependentSchemas) {
    objectCheck((value, location, errors) => {
      let valid = true;
      for (const [key, sub] of dependentSchemas) {
        if (Object.hasOwn(value, key) && !sub(value, location, errors)) {
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
    const names = compile(schema.propertyNames, `${at}/propertyNames`);
    objectCheck((value, location, errors) => {
      let valid = true;
      for (const key of Object.keys(value)) {
        if (!names(key, location, errors))
          valid = fail(errors, location, 'propertyNames', `Property name "${key}" does not match schema.`);
      }
      return valid;
    });
  }
  // A Map, not the schema's object: `properties.get("constructor")` is only ever a declared property.
  const properties = new Map(schemaMap('properties'));
  const patterns = (schemaMap('patternProperties') ?? []).map(
    ([source, sub]) => [compilePattern(source, `${at}/patternProperties`), source, sub] as const,
  );
  const additional =
    'additionalProperties' in schema
      ? compile(schema.additionalProperties, `${at}/additionalProperties`)
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
};

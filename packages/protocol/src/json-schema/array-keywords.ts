// Keywords for array instances: lengths, uniqueness, tuple and rest items (2020-12's prefixItems
// and items, or an older draft's items array and additionalItems), contains.

import { fail, jsonEqual, type KeywordFamily } from './check.js';
import type { JsonSchemaErrorUnit } from './dialect.js';

type ArrayCheck = (value: unknown[], location: string, errors: JsonSchemaErrorUnit[]) => boolean;

export const addArrayKeywords: KeywordFamily = (schema, at, checks, compile) => {
  const arrayCheck = (check: ArrayCheck) =>
    checks.push((value, location, errors) => !Array.isArray(value) || check(value, location, errors));
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
  const prefix = prefixSource.map((sub, i) => compile(sub, `${at}/${prefixKeyword}/${i}`));
  const restKeyword = legacyTuple ? 'additionalItems' : 'items';
  const rest = restKeyword in schema ? compile(schema[restKeyword], `${at}/${restKeyword}`) : undefined;
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
    const contains = compile(schema.contains, `${at}/contains`);
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
};

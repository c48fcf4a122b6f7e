import { Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { compileJsonSchemaValidator } from './validator.js';

// The built-in validator must agree with a full validator on every keyword it claims.
const cases: { schema: Record<string, unknown>; values: unknown[] }[] = [
  { schema: { type: 'string', minLength: 2, maxLength: 3 }, values: ['a', 'ab', 'abcd', '😀😀', 3] },
  { schema: { type: ['string', 'null'] }, values: [null, 'x', 1] },
  { schema: { type: 'integer', minimum: 1, maximum: 5 }, values: [0, 1, 5, 6, 2.5, '1'] },
  {
    schema: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1, multipleOf: 0.1 },
    values: [0, 0.3, 1, 0.35],
  },
  { schema: { enum: ['a', 1, { x: [1] }] }, values: ['a', 1, { x: [1] }, { x: [2] }, 'b'] },
  { schema: { const: { a: 1 } }, values: [{ a: 1 }, { a: 2 }] },
  {
    schema: {
      type: 'object',
      properties: { name: { type: 'string' }, age: { type: 'integer', minimum: 0 } },
      required: ['name'],
      additionalProperties: false,
    },
    values: [{ name: 'a' }, { age: 1 }, { name: 'a', age: -1 }, { name: 'a', extra: 1 }, [], 'x'],
  },
  {
    schema: {
      type: 'object',
      patternProperties: { '^x-': { type: 'number' } },
      additionalProperties: { type: 'string' },
    },
    values: [{ 'x-a': 1, b: 's' }, { 'x-a': 's' }, { b: 1 }],
  },
  {
    schema: { minProperties: 1, maxProperties: 2, propertyNames: { pattern: '^[a-z]+$' } },
    values: [{}, { a: 1 }, { A: 1 }, { a: 1, b: 2, c: 3 }],
  },
  {
    schema: { dependentRequired: { a: ['b'] }, dependentSchemas: { c: { required: ['d'] } } },
    values: [{ a: 1 }, { a: 1, b: 1 }, { c: 1 }, { c: 1, d: 1 }],
  },
  {
    schema: { type: 'array', items: { type: 'number' }, minItems: 1, maxItems: 2, uniqueItems: true },
    values: [[], [1], [1, 1], [1, 'a'], [1, 2, 3]],
  },
  {
    schema: { prefixItems: [{ type: 'string' }], items: { type: 'number' } },
    values: [['a', 1], [1], ['a', 'b']],
  },
  {
    schema: { contains: { type: 'string' }, minContains: 2, maxContains: 3 },
    values: [[1], ['a'], ['a', 'b'], ['a', 'b', 'c', 'd']],
  },
  { schema: { anyOf: [{ type: 'string' }, { type: 'number' }] }, values: ['a', 1, null] },
  { schema: { oneOf: [{ type: 'number' }, { type: 'integer' }] }, values: [1, 1.5, 'a'] },
  { schema: { allOf: [{ minimum: 1 }, { maximum: 2 }], not: { const: 2 } }, values: [1, 2, 3] },
  {
    // biome-ignore lint/suspicious/noThenProperty: `then` is a JSON Schema keyword here.
    schema: { if: { type: 'string' }, then: { minLength: 2 }, else: { type: 'number' } },
    values: ['a', 'ab', 1, null],
  },
  {
    schema: {
      $defs: { node: { type: 'object', properties: { next: { $ref: '#/$defs/node' } } } },
      $ref: '#/$defs/node',
    },
    values: [{}, { next: { next: {} } }, { next: { next: 1 } }],
  },
  {
    schema: {
      $defs: { street: { $anchor: 'street', type: 'string' } },
      properties: { s: { $ref: '#street' } },
    },
    values: [{ s: 'x' }, { s: 1 }],
  },
  { schema: { type: 'string', pattern: '^a+$' }, values: ['aa', 'b'] },
  { schema: { type: 'string', format: 'email' }, values: ['a@b.co', 'nope'] },
  { schema: { type: 'string', format: 'date' }, values: ['2026-11-22', 'tomorrow'] },
];

describe('compileJsonSchemaValidator', () => {
  for (const { schema, values } of cases) {
    it(`agrees with a full validator on ${JSON.stringify(schema)}`, () => {
      const ours = compileJsonSchemaValidator(schema);
      const reference = new Validator(structuredClone(schema) as never, '2020-12', false);
      for (const value of values) {
        expect({ value, valid: ours(value).valid }).toEqual({
          value,
          valid: reference.validate(value).valid,
        });
      }
    });
  }

  it('reports the failing keyword and instance location', () => {
    const check = compileJsonSchemaValidator({
      type: 'object',
      properties: { count: { type: 'integer', minimum: 1 } },
    });
    expect(check({ count: 0 }).errors).toContainEqual({
      instanceLocation: '#/count',
      keyword: 'minimum',
      error: '0 is less than 1.',
    });
    expect(check({ count: 1 })).toEqual({ valid: true, errors: [] });
  });

  it('follows draft-07 rules for tuple items and $ref siblings', () => {
    const tuple = compileJsonSchemaValidator({
      $schema: 'http://json-schema.org/draft-07/schema#',
      items: [{ type: 'string' }],
      additionalItems: false,
    });
    expect(tuple(['a']).valid).toBe(true);
    expect(tuple(['a', 1]).valid).toBe(false);
  });

  it('refuses keywords it cannot honour, naming them and where they are', () => {
    expect(() => compileJsonSchemaValidator({ properties: { a: { unevaluatedProperties: false } } })).toThrow(
      'unsupported JSON Schema at #/properties/a: keyword "unevaluatedProperties" is not supported by the built-in validator',
    );
    expect(() => compileJsonSchemaValidator({ $ref: 'https://example.com/s.json' })).toThrow(/is not local/);
    expect(() => compileJsonSchemaValidator({ $ref: '#/$defs/missing' })).toThrow(/points to nothing/);
    expect(() => compileJsonSchemaValidator({ pattern: '(' })).toThrow(
      /#\/pattern: pattern "\(" is not a valid regular expression/,
    );
    expect(() => compileJsonSchemaValidator({ properties: { a: 3 } })).toThrow(
      'invalid JSON Schema at #/properties/a: expected an object or a boolean, got integer',
    );
  });
});

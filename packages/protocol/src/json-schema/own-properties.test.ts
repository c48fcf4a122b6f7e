import { describe, expect, it } from 'vitest';
import { compileJsonSchemaValidator } from './validator.js';

// Names every object inherits (issue 15, item 6): the validator must look for an instance's own
// properties only, so `__proto__`, `toString` and `constructor` are present only when sent.
// Instances come from JSON.parse, which makes `"__proto__"` an own property, as on the wire.

const INHERITED = ['__proto__', 'toString', 'constructor'];
const valid = (schema: unknown, json: string) => compileJsonSchemaValidator(schema)(JSON.parse(json));

describe('own properties only', () => {
  for (const name of INHERITED) {
    it(`required: ["${name}"] fails an object without it, and passes one that has it`, () => {
      const result = valid({ type: 'object', required: [name] }, '{}');
      expect(result.valid).toBe(false);
      expect(result.errors).toContainEqual({
        instanceLocation: '#',
        keyword: 'required',
        error: `Instance does not have required property "${name}".`,
      });
      expect(valid({ type: 'object', required: [name] }, JSON.stringify({ [name]: 1 })).valid).toBe(true);
    });

    it(`dependentRequired and dependentSchemas see "${name}" only when the object has it`, () => {
      const needsIt = { dependentRequired: { a: [name] } };
      expect(valid(needsIt, '{"a":1}').valid).toBe(false);
      expect(valid(needsIt, JSON.stringify({ a: 1, [name]: 2 })).valid).toBe(true);
      const triggeredByIt = { dependentRequired: { [name]: ['b'] } };
      expect(valid(triggeredByIt, '{}').valid).toBe(true);
      expect(valid(triggeredByIt, JSON.stringify({ [name]: 1 })).valid).toBe(false);
      const schemaForIt = { dependentSchemas: { [name]: { required: ['b'] } } };
      expect(valid(schemaForIt, '{}').valid).toBe(true);
      expect(valid(schemaForIt, JSON.stringify({ [name]: 1 })).valid).toBe(false);
    });

    it(`properties and patternProperties check "${name}" only when the object has it`, () => {
      const typed = JSON.parse(`{"properties":{"${name}":{"type":"string"}},"additionalProperties":false}`);
      expect(valid(typed, '{}').valid).toBe(true);
      expect(valid(typed, JSON.stringify({ [name]: 'x' })).valid).toBe(true);
      expect(valid(typed, JSON.stringify({ [name]: 1 })).valid).toBe(false);
      const patterned = { patternProperties: { [`^${name}$`]: { type: 'string' } } };
      expect(valid(patterned, '{}').valid).toBe(true);
      expect(valid(patterned, JSON.stringify({ [name]: 1 })).valid).toBe(false);
    });

    it(`a $ref through "${name}" that the schema does not have points to nothing`, () => {
      expect(() => compileJsonSchemaValidator({ properties: {}, $ref: `#/properties/${name}` })).toThrow(
        `invalid JSON Schema at #/$ref: $ref "#/properties/${name}" points to nothing`,
      );
      expect(() => compileJsonSchemaValidator({ $ref: `#/${name}` })).toThrow(/points to nothing/);
    });

    it(`format "${name}" is an unknown format (an annotation), not a crash`, () => {
      expect(valid({ type: 'string', format: name }, '"anything"')).toEqual({ valid: true, errors: [] });
    });
  }

  it('compares const and enum objects by their own keys', () => {
    expect(valid({ const: { toString: 1 } }, '{"toString":1}').valid).toBe(true);
    expect(valid({ const: { toString: 1 } }, '{"other":1}').valid).toBe(false);
    expect(valid({ enum: [{ constructor: 'x' }] }, '{"constructor":"x"}').valid).toBe(true);
  });
});

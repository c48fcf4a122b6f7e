import { Validator } from '@cfworker/json-schema';
import { afterEach, describe, expect, it } from 'vitest';
import { compileJsonSchema, setJsonSchemaValidatorFactory } from './factory.js';

describe('compileJsonSchema', () => {
  afterEach(() => setJsonSchemaValidatorFactory(undefined));

  it('uses the built-in validator by default and refuses what it cannot check', () => {
    expect(compileJsonSchema({ type: 'string' })(1).valid).toBe(false);
    expect(() => compileJsonSchema({ unevaluatedProperties: false })).toThrow(/unevaluatedProperties/);
  });

  it('uses an installed full validator for every later compilation', () => {
    setJsonSchemaValidatorFactory((schema, dialect) => {
      const validator = new Validator(structuredClone(schema) as never, dialect, false);
      return (value) => validator.validate(value);
    });
    const check = compileJsonSchema({ type: 'object', properties: { a: {} }, unevaluatedProperties: false });
    expect(check({ a: 1 }).valid).toBe(true);
    expect(check({ a: 1, b: 2 }).valid).toBe(false);
  });
});

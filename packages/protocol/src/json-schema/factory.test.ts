import { Validator } from '@cfworker/json-schema';
import { afterEach, describe, expect, it } from 'vitest';
import {
  installedJsonSchemaCheck,
  installedJsonSchemaValidator,
  setJsonSchemaValidatorFactory,
} from './factory.js';
import { compileJsonSchema, compileJsonSchemaValidator, jsonSchemaValidator } from './index.js';

describe('the installed JSON Schema validator', () => {
  afterEach(() => setJsonSchemaValidatorFactory(undefined));

  it('is none until one is installed, and none again after uninstalling', () => {
    expect(installedJsonSchemaValidator()).toBeUndefined();
    setJsonSchemaValidatorFactory(jsonSchemaValidator);
    expect(installedJsonSchemaValidator()).toBe(jsonSchemaValidator);
    setJsonSchemaValidatorFactory(undefined);
    expect(installedJsonSchemaValidator()).toBeUndefined();
  });

  it('words failures of the installed validator as one line naming the deepest cause', () => {
    expect(installedJsonSchemaCheck()).toBeUndefined();
    setJsonSchemaValidatorFactory(jsonSchemaValidator);
    const check = installedJsonSchemaCheck()!({
      type: 'object',
      properties: { point: { type: 'object', properties: { x: { type: 'number', minimum: 0 } } } },
    });
    expect(check({ point: { x: 1 } })).toBeUndefined();
    expect(check({ point: { x: -1 } })).toMatch(/^point\.x: .* \(keyword 'minimum'\)$/);
    setJsonSchemaValidatorFactory(undefined);
    expect(installedJsonSchemaCheck()).toBeUndefined();
  });

  it('offers the built-in validator as a factory from @mcpkit/protocol/json-schema', () => {
    expect(jsonSchemaValidator).toBe(compileJsonSchemaValidator);
    const check = jsonSchemaValidator({ type: 'integer', minimum: 1 }, '2020-12');
    expect(check(2).valid).toBe(true);
    expect(check(0).errors[0]).toMatchObject({ instanceLocation: '#', keyword: 'minimum' });
  });
});

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

import { setJsonSchemaValidatorFactory } from '@mcpkit/protocol';
import { jsonSchemaValidator } from '@mcpkit/protocol/json-schema';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { compileSchema } from './compile-schema.js';

describe('compileSchema', () => {
  afterEach(() => setJsonSchemaValidatorFactory(undefined));

  it('refuses raw JSON Schema when no validator is installed, saying what to install', () => {
    const raw = { type: 'object', properties: { a: { type: 'number' } } };
    expect(() => compileSchema(raw, { io: 'input', label: "tool 'add' inputSchema" })).toThrow(
      new TypeError(
        "tool 'add' inputSchema is raw JSON Schema, and no JSON Schema validator is installed. Install the " +
          "built-in one once at startup: import { jsonSchemaValidator, setJsonSchemaValidatorFactory } from '@mcpkit/protocol/json-schema'; " +
          'setJsonSchemaValidatorFactory(jsonSchemaValidator) — or pass a zod schema.',
      ),
    );
    // Nothing was cached by the refusal: the same object compiles once a validator is installed.
    setJsonSchemaValidatorFactory(jsonSchemaValidator);
    expect(compileSchema(raw, { io: 'input', label: 'x' }).validate({ a: 'no' }).ok).toBe(false);
  });

  it('says which value of a would-be shape is not a schema, not that no validator is installed', () => {
    // A newcomer's first try: field types written as strings.
    expect(() =>
      compileSchema({ n: 'number' } as never, {
        io: 'input',
        label: "tool 'add' inputSchema",
        requireObject: true,
      }),
    ).toThrow(
      new TypeError(
        "tool 'add' inputSchema: 'number' at n is not a schema: expected a zod schema, a Standard Schema " +
          'or a JSON Schema object with type: "object"',
      ),
    );
    // A shape mixing zod and something else names the odd one out; a validator changes nothing.
    setJsonSchemaValidatorFactory(jsonSchemaValidator);
    expect(() =>
      compileSchema({ a: z.string(), b: { type: 'string' } }, { io: 'input', label: "tool 't' inputSchema" }),
    ).toThrow(
      new TypeError(
        "tool 't' inputSchema: an object at b is not a schema: expected a zod schema, a Standard Schema " +
          'or a JSON Schema object with type: "object"',
      ),
    );
    // Real JSON Schema documents still go to the validator.
    expect(
      compileSchema(
        { type: 'object', properties: { n: { type: 'number' } } },
        { io: 'input', label: 'x' },
      ).validate({ n: 1 }).ok,
    ).toBe(true);
  });

  it('compiles zod schemas with no validator installed', () => {
    const compiled = compileSchema({ a: z.number() }, { io: 'input', label: 'x', requireObject: true });
    expect(compiled.validate({ a: 1 })).toEqual({ ok: true, value: { a: 1 } });
  });

  it('compiles {} as the empty zod shape, with no validator installed', () => {
    const compiled = compileSchema({}, { io: 'input', label: 'x', requireObject: true });
    expect(compiled.jsonSchema).toEqual(z.toJSONSchema(z.object({}), { io: 'input' }));
    expect(compiled.validate({ a: 1 })).toEqual({ ok: true, value: {} });
    expect(compiled.validate('no')).toEqual({
      ok: false,
      message: '(root): Invalid input: expected object, received string',
    });
  });

  it('checks raw JSON Schema with the built-in validator, naming path and keyword', () => {
    setJsonSchemaValidatorFactory(jsonSchemaValidator);
    const schema = { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } };
    const compiled = compileSchema(schema, {
      io: 'input',
      label: "tool 't' inputSchema",
      requireObject: true,
    });
    expect(compiled.jsonSchema).toBe(schema);
    expect(compiled.validate({ tags: ['a'] })).toEqual({ ok: true, value: { tags: ['a'] } });
    expect(compiled.validate({ tags: ['a', 2] })).toEqual({
      ok: false,
      message: 'tags.1: Instance type "integer" is invalid. Expected "string" (keyword \'type\')',
    });
  });

  it('names the tool when a raw schema uses a keyword the built-in validator cannot check', () => {
    setJsonSchemaValidatorFactory(jsonSchemaValidator);
    expect(() =>
      compileSchema(
        { type: 'object', unevaluatedProperties: false },
        { io: 'input', label: "tool 't' inputSchema" },
      ),
    ).toThrow(
      `tool 't' inputSchema: invalid JSON Schema: unsupported JSON Schema at #: keyword "unevaluatedProperties"`,
    );
  });

  it('uses an installed validator factory for raw schemas', () => {
    setJsonSchemaValidatorFactory(() => (value) => ({
      valid: value === 'yes',
      errors: value === 'yes' ? [] : [{ instanceLocation: '#', keyword: 'custom', error: 'Not yes.' }],
    }));
    const compiled = compileSchema(
      { type: 'object', unevaluatedProperties: false },
      { io: 'input', label: 'x' },
    );
    expect(compiled.validate('no')).toEqual({ ok: false, message: "(root): Not yes (keyword 'custom')" });
  });

  it('converts a schema object once, however many servers register it', () => {
    const shape = { a: z.string() };
    const schema = z.object(shape);
    const first = compileSchema(schema, { io: 'input', label: 'x' });
    expect(compileSchema(schema, { io: 'input', label: 'y' })).toBe(first);
    expect(compileSchema(schema, { io: 'output', label: 'y' })).not.toBe(first);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_JSON_SCHEMA_LIMITS, type JsonSchemaLimitError } from './check.js';
import { compileJsonSchemaValidator } from './validator.js';

// MCP 2026-07-28, basic/index.mdx, "Composition-Keyword Resource Use": "Implementations SHOULD
// apply reasonable bounds, such as a maximum schema depth, a cap on the total number of
// subschemas, or a per-validation time budget, to prevent a malicious schema from acting as a
// Denial-of-Service vector against the validator."

/** `levels` of `keyword: [$ref next, $ref next]`: the work doubles at each level. */
function doubling(levels: number, keyword: 'anyOf' | 'allOf' | 'oneOf', leaf: unknown = { type: 'string' }) {
  const $defs: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) {
    $defs[`d${i}`] = { [keyword]: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
  }
  $defs[`d${levels}`] = leaf;
  return { $ref: '#/$defs/d0', $defs };
}

/** What the validation threw (it must throw). */
function thrown(run: () => unknown): JsonSchemaLimitError {
  try {
    run();
  } catch (error) {
    return error as JsonSchemaLimitError;
  }
  throw new Error('expected the validation to stop at a limit');
}

describe('composition bounds of the built-in validator', () => {
  it('has documented defaults', () => {
    expect(DEFAULT_JSON_SCHEMA_LIMITS).toEqual({ maxDepth: 256, maxSteps: 1_000_000, maxErrors: 10_000 });
  });

  it('stops nested anyOf/$ref at the failure cap instead of collecting 65 534 errors or overflowing the stack', () => {
    for (const levels of [14, 15, 40]) {
      const error = thrown(() => compileJsonSchemaValidator(doubling(levels, 'anyOf'))(1));
      expect(error).toBeInstanceOf(RangeError);
      expect(error.name).toBe('JsonSchemaLimitError');
      expect(error.limit).toBe('maxErrors');
      expect(error.message).toBe('JSON Schema validation stopped at #: limit maxErrors (10000) reached');
    }
    expect(thrown(() => compileJsonSchemaValidator(doubling(40, 'oneOf'))(1)).limit).toBe('maxErrors');
  });

  it('stops work that never fails at the cap on subschemas applied', () => {
    const validate = compileJsonSchemaValidator(doubling(30, 'allOf', true), '2020-12', { maxSteps: 5000 });
    const error = thrown(() => validate('anything'));
    expect(error.limit).toBe('maxSteps');
    expect(error.message).toBe('JSON Schema validation stopped at #: limit maxSteps (5000) reached');
  });

  it('stops subschemas nested deeper than maxDepth, naming where', () => {
    const tree = {
      $defs: { node: { type: 'object', properties: { child: { $ref: '#/$defs/node' } } } },
      $ref: '#/$defs/node',
    };
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 200; i++) deep = { child: deep };
    const validate = compileJsonSchemaValidator(tree);
    const error = thrown(() => validate(deep));
    expect(error.limit).toBe('maxDepth');
    expect(error.message).toMatch(
      /^JSON Schema validation stopped at #(\/child){128}: limit maxDepth \(256\) reached$/,
    );
    // Shallower trees validate, and a stopped validation leaves nothing behind for the next one.
    let shallow: Record<string, unknown> = {};
    for (let i = 0; i < 100; i++) shallow = { child: shallow };
    expect(validate(shallow)).toEqual({ valid: true, errors: [] });
    expect(validate({ child: { child: 1 } }).errors[0]).toMatchObject({
      instanceLocation: '#/child/child',
      keyword: 'type',
    });
  });

  it('still reports every error of a composition within bounds', () => {
    const result = compileJsonSchemaValidator(doubling(10, 'anyOf'))(1);
    expect(result.valid).toBe(false);
    expect(result.errors).toHaveLength(4094);
    expect(compileJsonSchemaValidator(doubling(10, 'anyOf'))('text')).toEqual({ valid: true, errors: [] });
  });
});

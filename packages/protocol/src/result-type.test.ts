import { describe, expect, it } from 'vitest';
import { isInputRequiredResult, resultTypeOf } from './result-type.js';

describe('resultTypeOf', () => {
  it('reads a missing resultType as complete', () => {
    expect(resultTypeOf({ content: [] })).toBe('complete');
    expect(resultTypeOf({ resultType: 7 })).toBe('complete');
    expect(resultTypeOf({ resultType: 'task' })).toBe('task');
  });

  it('recognises input_required results', () => {
    expect(isInputRequiredResult({ resultType: 'input_required', requestState: 's' })).toBe(true);
    expect(isInputRequiredResult({ resultType: 'complete', content: [] })).toBe(false);
    expect(isInputRequiredResult({})).toBe(false);
  });
});

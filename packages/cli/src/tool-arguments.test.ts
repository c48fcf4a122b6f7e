import { describe, expect, it } from 'vitest';
import { CliError, ExitCode } from './exit-codes.js';
import { buildArguments, buildStringArguments } from './tool-arguments.js';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    count: { type: 'integer' },
    ratio: { type: 'number' },
    loud: { type: 'boolean' },
    tags: { type: 'array' },
    anything: {},
  },
};

function usageMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(ExitCode.Usage);
    return (error as Error).message;
  }
  throw new Error('expected a usage error');
}

describe('buildArguments', () => {
  it('coerces each --arg by the type its property has in the input schema', () => {
    const args = [
      'name=007',
      'count=3',
      'ratio=0.5',
      'loud=true',
      'tags=["a"]',
      'anything=12',
      'unknown=Ada',
    ];
    expect(buildArguments(undefined, args, schema)).toEqual({
      name: '007',
      count: 3,
      ratio: 0.5,
      loud: true,
      tags: ['a'],
      anything: 12,
      unknown: 'Ada',
    });
  });

  it('keeps everything after the first "=" and lets --arg override --input', () => {
    expect(buildArguments('{"name":"x","count":1}', ['name=a=b'], schema)).toEqual({ name: 'a=b', count: 1 });
  });

  it('says which argument does not fit its schema type, and what was expected', () => {
    expect(usageMessage(() => buildArguments(undefined, ['count=1.5'], schema))).toBe(
      `--arg count=1.5: the tool's input schema expects an integer for "count"`,
    );
    expect(usageMessage(() => buildArguments(undefined, ['ratio='], schema))).toContain(
      'expects a number for "ratio"',
    );
    expect(usageMessage(() => buildArguments(undefined, ['loud=yes'], schema))).toContain(
      'expects a boolean (true or false) for "loud"',
    );
    expect(usageMessage(() => buildArguments(undefined, ['tags=a,b'], schema))).toContain(
      'expects JSON (array) for "tags"',
    );
  });

  it('refuses pairs without a key', () => {
    expect(usageMessage(() => buildArguments(undefined, ['=x'], schema))).toBe(
      '--arg "=x": expected key=value, e.g. --arg message=hello',
    );
  });
});

describe('buildStringArguments', () => {
  it('keeps prompt arguments as strings', () => {
    expect(buildStringArguments(['n=1', 'flag=true'])).toEqual({ n: '1', flag: 'true' });
  });
});

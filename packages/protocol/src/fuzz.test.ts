// Property tests: the boundary parsers never throw, and every rejection points into the input.
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listDirs, listJsonFiles, readJson, referenceDir } from '../test/reference.js';
import { PROTOCOL_VERSIONS } from './constants.js';
import { formatPath } from './format-error.js';
import { methodSchemas } from './method-maps.js';
import { type ParseResult, parseJSONRPCPayload, parseRequestParams, parseResult } from './parse.js';

/** Every segment but the last must exist in the input (the last may be the missing key). */
function expectPathIntoInput(result: ParseResult<unknown>, input: unknown, prefixLength: number) {
  if (result.success) return;
  const { path, pathString, message } = result.error;
  expect(pathString).toBe(formatPath(path));
  expect(message.startsWith(`${pathString}: `) || result.error.code === -32601).toBe(true);
  expect(message).not.toContain('\n');
  let current: unknown = input;
  for (const segment of path.slice(prefixLength, -1)) {
    expect(current !== null && typeof current === 'object' && Object.hasOwn(current, segment)).toBe(true);
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
}

const requestMethods = [
  ...new Set(PROTOCOL_VERSIONS.flatMap((v) => Object.keys(methodSchemas[v].requestParams))),
];

describe('parsers under arbitrary input', () => {
  it('parseJSONRPCPayload never throws and locates its complaint', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(...PROTOCOL_VERSIONS), (value, version) => {
        expectPathIntoInput(parseJSONRPCPayload(value, version), value, 0);
      }),
      { numRuns: 300 },
    );
  });

  it('parseRequestParams never throws and locates its complaint', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...requestMethods),
        fc.option(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 })), { nil: undefined }),
        fc.constantFrom(...PROTOCOL_VERSIONS),
        (method, params, version) => {
          expectPathIntoInput(parseRequestParams(method, params, version), params, 1);
        },
      ),
      { numRuns: 500 },
    );
  });
});

/** Replaces the value at one path of a JSON value (a copy), or inserts a key. */
function mutate(value: unknown, path: readonly (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value))
    return value.map((item, index) => (index === head ? mutate(item, rest, replacement) : item));
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return { ...record, [head]: mutate(record[head], rest, replacement) };
  }
  return replacement;
}

function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leafPaths(item, [...prefix, index]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...prefix, key]));
  }
  return [prefix];
}

describe('mutated spec examples', () => {
  const dir = join(referenceDir(), 'spec', '2026-07-28', 'schema', 'examples');
  const results = listDirs(dir)
    .filter((type) => type.endsWith('ResultResponse'))
    .flatMap((type) => listJsonFiles(join(dir, type)).map((file) => readJson(file) as { result: object }));
  const methodOf = (result: object): string | undefined => {
    if ('tools' in result) return 'tools/list';
    if ('prompts' in result) return 'prompts/list';
    if ('resources' in result) return 'resources/list';
    if ('resourceTemplates' in result) return 'resources/templates/list';
    if ('contents' in result) return 'resources/read';
    if ('completion' in result) return 'completion/complete';
    if ('messages' in result) return 'prompts/get';
    if ('supportedVersions' in result) return 'server/discover';
    if ('content' in result) return 'tools/call';
    return undefined;
  };
  const cases = results
    .map((response) => ({ result: response.result, method: methodOf(response.result) }))
    .filter((entry): entry is { result: object; method: string } => entry.method !== undefined);

  it('finds result examples to mutate', () => {
    expect(cases.length).toBeGreaterThanOrEqual(8);
  });

  it('a result with one leaf replaced is accepted, or rejected at a path into it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...cases),
        fc.nat(),
        fc.jsonValue({ maxDepth: 2 }),
        ({ result, method }, pick, replacement) => {
          const paths = leafPaths(result);
          const mutated = mutate(result, paths[pick % paths.length]!, replacement);
          expectPathIntoInput(parseResult(method, mutated, '2026-07-28'), mutated, 1);
        },
      ),
      { numRuns: 500 },
    );
  });
});

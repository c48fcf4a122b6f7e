// Valid messages of the older revisions (which ship no examples): each must be valid per that
// revision's schema.json, and parse unchanged with our schema of the same name and revision.
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { listJsonFiles, readJson, repoRoot } from '../test/reference.js';
import { isValidPerSpec } from '../test/spec-validator.js';
import type { ProtocolVersion } from './constants.js';
import { formatZodError } from './format-error.js';
import { revisionSchemas } from './revisions/index.js';

interface AcceptanceCase {
  description: string;
  revision: ProtocolVersion;
  schema: string;
  message: unknown;
  /** The parsed output when parsing normalizes the message, with the reason in `normalization`. */
  parsedAs?: unknown;
  normalization?: string;
}

describe('acceptance corpus (back-compat)', () => {
  const files = listJsonFiles(`${repoRoot}/packages/protocol/test/acceptance`);

  it('holds messages of every stateful revision', () => {
    const revisions = new Set(files.map((file) => (readJson(file) as AcceptanceCase).revision));
    expect([...revisions].sort()).toEqual(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']);
  });

  for (const file of files) {
    const testCase = readJson(file) as AcceptanceCase;
    it(`${basename(file, '.json')}: ${testCase.description}`, () => {
      expect(
        isValidPerSpec(testCase.revision, testCase.schema, testCase.message),
        'valid per schema.json',
      ).toBe(true);
      const namespace = revisionSchemas[testCase.revision] as unknown as Record<
        string,
        z.ZodType | undefined
      >;
      const schema = namespace[`${testCase.schema}Schema`];
      expect(schema).toBeDefined();
      const parsed = schema!.safeParse(testCase.message);
      expect(parsed.success, parsed.success ? '' : formatZodError(parsed.error, testCase.message)).toBe(true);
      if (testCase.parsedAs !== undefined) expect(testCase.normalization).toBeTruthy();
      expect(parsed.data).toEqual(testCase.parsedAs ?? testCase.message);
    });
  }
});

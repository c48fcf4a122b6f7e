// Every example message the spec ships must parse with our schema of the same type and revision.
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { listDirs, listJsonFiles, readJson, referenceDir } from '../test/reference.js';
import { isValidPerSpec } from '../test/spec-validator.js';
import { PROTOCOL_VERSIONS } from './constants.js';
import { describeZodError, formatZodError } from './format-error.js';
import { revisionSchemas } from './revisions/index.js';
import * as lenient from './schemas/index.js';

/**
 * Example files that contradict their own revision's schema.json, each with the reason, keyed
 * `<revision>/<TypeName>/<file>`. They are not skipped silently: each must still parse with the
 * lenient (all-revision) schema, and must still fail the exact schema at `failsAt`, so the entry
 * has to be removed the day the spec fixes the example.
 */
const SPEC_DEFECTS: Record<string, { reason: string; failsAt: string; schemaJsonAccepts: boolean }> = {
  '2026-07-28/ReadResourceResultResponse/read-resource-result-response.json': {
    reason:
      'a "complete" result without ttlMs and cacheScope, which ReadResourceResult (CacheableResult) requires and the ' +
      'changelog calls required. schema.json lets it through only as an InputRequiredResult, whose resultType is any ' +
      'string there; the spec text fixes it to "input_required" with inputRequests or requestState.',
    failsAt: 'result.ttlMs',
    schemaJsonAccepts: true,
  },
};

const specDir = join(referenceDir(), 'spec');

function examplesDir(revision: string): string | undefined {
  // 2025-11-25 and 2026-07-28 keep schema.json and examples under schema/; older revisions have
  // schema.json at the top and (so far) no examples.
  const candidates = [join(specDir, revision, 'schema', 'examples'), join(specDir, revision, 'examples')];
  return candidates.find((dir) => existsSync(dir));
}

const lenientSchemas = lenient as unknown as Record<string, z.ZodType | undefined>;

function expectKnownDefect(typeName: string, exact: z.ZodType, example: unknown, failsAt: string) {
  const exactResult = exact.safeParse(example);
  expect(exactResult.success, 'the spec fixed this example: remove its SPEC_DEFECTS entry').toBe(false);
  if (!exactResult.success) expect(describeZodError(exactResult.error, example).pathString).toBe(failsAt);
  // The lenient schemas accept what the exact one refuses (a response is checked through its result).
  const isResponse = typeName.endsWith('ResultResponse');
  const lenientName = isResponse ? typeName.slice(0, -'Response'.length) : typeName;
  const lenientSchema = lenientSchemas[`${lenientName}Schema`];
  expect(lenientSchema, `no lenient ${lenientName}Schema`).toBeDefined();
  const value = isResponse ? (example as { result?: unknown }).result : example;
  expect(lenientSchema!.safeParse(value).success).toBe(true);
}

describe('spec example corpus', () => {
  it('finds the spec directory of every revision we speak, and speaks every revision there', () => {
    for (const revision of PROTOCOL_VERSIONS) {
      expect(existsSync(join(specDir, revision)), revision).toBe(true);
    }
    // A new revision directory (with examples we would otherwise ignore) must be added on purpose.
    const revisionDirs = listDirs(specDir).filter((name) => /^\d{4}-\d{2}-\d{2}$/.test(name));
    expect(revisionDirs).toEqual([...PROTOCOL_VERSIONS]);
  });

  it('finds examples (the corpus must never be empty)', () => {
    const total = PROTOCOL_VERSIONS.flatMap((revision) => {
      const dir = examplesDir(revision);
      return dir ? listDirs(dir).flatMap((type) => listJsonFiles(join(dir, type))) : [];
    }).length;
    expect(total).toBeGreaterThanOrEqual(100);
  });

  for (const revision of PROTOCOL_VERSIONS) {
    const dir = examplesDir(revision);
    if (!dir) continue;
    const namespace = revisionSchemas[revision] as unknown as Record<string, z.ZodType | undefined>;
    describe(revision, () => {
      for (const typeName of listDirs(dir)) {
        it(`${typeName} examples parse`, () => {
          const schema = namespace[`${typeName}Schema`];
          expect(schema, `no ${typeName}Schema in the ${revision} namespace`).toBeDefined();
          const files = listJsonFiles(join(dir, typeName));
          expect(files.length).toBeGreaterThan(0);
          for (const file of files) {
            const example = readJson(file);
            const defect = SPEC_DEFECTS[`${revision}/${typeName}/${basename(file)}`];
            // The spec's own schema.json agrees (or, for a listed defect, behaves as recorded).
            expect(isValidPerSpec(revision, typeName, example), `${basename(file)} per schema.json`).toBe(
              defect ? defect.schemaJsonAccepts : true,
            );
            if (defect) {
              expectKnownDefect(typeName, schema!, example, defect.failsAt);
              continue;
            }
            const parsed = schema!.safeParse(example);
            const detail = parsed.success ? '' : formatZodError(parsed.error, example);
            expect(parsed.success, `${basename(file)}: ${detail}`).toBe(true);
            // Lenient parsing keeps everything: the output equals the input.
            expect(parsed.data).toEqual(example);
          }
        });
      }
    });
  }
});

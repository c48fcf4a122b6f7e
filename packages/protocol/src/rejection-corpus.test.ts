// Every invalid message in test/rejection/ must be rejected with an error naming the failing path.
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { listJsonFiles, readJson, repoRoot } from '../test/reference.js';
import { isSupportedProtocolVersion, type ProtocolVersion } from './constants.js';
import { describeZodError } from './format-error.js';
import {
  type ParseResult,
  parseJSONRPCPayload,
  parseNotificationParams,
  parseRequestParams,
} from './parse.js';
import { revisionSchemas } from './revisions/index.js';

interface RejectionCase {
  description: string;
  revision: string;
  message: unknown;
  expectedPath: string;
  /** Checked through the message pipeline (envelope, then params by method). */
  method?: string;
  expectedCode?: number;
  /** Checked against one schema of the revision's namespace. */
  schema?: string;
}

const corpusDir = join(repoRoot, 'packages/protocol/test/rejection');
const files = listJsonFiles(corpusDir);

/** Envelope first, then the params of the method it names: what a server does per message. */
function runPipeline(message: unknown, version: ProtocolVersion): ParseResult<unknown> {
  const envelope = parseJSONRPCPayload(message, version);
  if (!envelope.success || Array.isArray(envelope.data)) return envelope;
  const parsed = envelope.data;
  if (!('method' in parsed)) return envelope;
  return 'id' in parsed
    ? parseRequestParams(parsed.method, parsed.params, version)
    : parseNotificationParams(parsed.method, parsed.params, version);
}

describe('rejection corpus', () => {
  it('holds at least 40 invalid messages', () => {
    expect(files.length).toBeGreaterThanOrEqual(40);
  });

  for (const file of files) {
    const testCase = readJson(file) as RejectionCase;
    it(`${basename(file, '.json')}: ${testCase.description}`, () => {
      expect(isSupportedProtocolVersion(testCase.revision), `revision ${testCase.revision}`).toBe(true);
      const version = testCase.revision as ProtocolVersion;
      if (testCase.schema !== undefined) {
        const namespace = revisionSchemas[version] as unknown as Record<string, z.ZodType | undefined>;
        const schema = namespace[testCase.schema];
        expect(schema, `${testCase.schema} in ${version}`).toBeDefined();
        const result = schema!.safeParse(testCase.message);
        expect(result.success).toBe(false);
        if (result.success) return;
        const issue = describeZodError(result.error, testCase.message);
        expect(issue.pathString).toBe(testCase.expectedPath);
        expect(issue.message.startsWith(`${testCase.expectedPath}: `)).toBe(true);
        return;
      }
      expect(testCase.method, 'a case names either a schema or a method').toBeDefined();
      const result = runPipeline(testCase.message, version);
      expect(result.success).toBe(false);
      if (result.success) return;
      expect(result.error.pathString).toBe(testCase.expectedPath);
      expect(
        result.error.message.startsWith(`${testCase.expectedPath}: `) || result.error.code === -32601,
      ).toBe(true);
      expect(result.error.message).toContain(
        testCase.expectedPath === '(root)' ? 'expected' : testCase.expectedPath,
      );
      if (testCase.expectedCode !== undefined) expect(result.error.code).toBe(testCase.expectedCode);
    });
  }
});

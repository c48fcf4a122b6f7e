// The rejection corpus against the spec's own schema.json: each message we reject must be invalid
// per the spec too, unless we are deliberately stricter (listed below with the reason).
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listJsonFiles, readJson, repoRoot } from '../test/reference.js';
import { isValidPerSpec, specTypeForMethod } from '../test/spec-validator.js';

interface RejectionCase {
  revision: string;
  message: unknown;
  schema?: string;
  method?: string;
  expectedCode?: number;
}

/** Cases schema.json alone would accept, and why we reject them anyway. */
const STRICTER_THAN_SCHEMA_JSON: Record<string, string> = {
  'envelope-id-unsafe-integer':
    'schema.json says "integer"; an id beyond 2^53-1 cannot survive JSON.parse, so the response could never be correlated',
  'envelope-batch-empty':
    'JSON-RPC 2.0 (section 6): an empty batch array is an Invalid Request; schema.json sets no minItems',
  'input-required-empty':
    'the spec text says at least one of inputRequests or requestState MUST be present; schema.json cannot express it',
};

/**
 * The envelope type a message claims to be by its members. (Checking against the JSONRPCMessage
 * union would let a request with a bad id pass as a notification with an extra key.)
 */
function envelopeType(revision: string, message: object): string {
  const modern = revision >= '2025-11-25';
  if ('method' in message) return 'id' in message ? 'JSONRPCRequest' : 'JSONRPCNotification';
  if ('error' in message) return modern ? 'JSONRPCErrorResponse' : 'JSONRPCError';
  if ('result' in message) return modern ? 'JSONRPCResultResponse' : 'JSONRPCResponse';
  return 'JSONRPCMessage';
}

/** The spec type a case is about, or undefined when the spec has nothing to check it against. */
function specType(testCase: RejectionCase): string | undefined {
  if (testCase.schema) return testCase.schema.replace(/Schema$/, '');
  if (testCase.expectedCode === -32601) return undefined; // the method does not exist in that revision
  const message = testCase.message as { method?: unknown; id?: unknown } | unknown[];
  if (Array.isArray(message))
    return testCase.revision === '2025-03-26' ? 'JSONRPCBatchRequest' : 'JSONRPCMessage';
  if (typeof message !== 'object' || message === null) return 'JSONRPCMessage';
  if (testCase.expectedCode === -32600) return envelopeType(testCase.revision, message);
  if (typeof message.method !== 'string') return 'JSONRPCMessage';
  const suffix = 'id' in message ? 'Request' : 'Notification';
  return specTypeForMethod(testCase.revision, message.method, suffix);
}

describe('rejection corpus against schema.json', () => {
  const files = listJsonFiles(`${repoRoot}/packages/protocol/test/rejection`);
  for (const file of files) {
    const name = basename(file, '.json');
    const testCase = readJson(file) as RejectionCase;
    it(name, () => {
      const typeName = specType(testCase);
      if (typeName === undefined) return;
      const validPerSpec = isValidPerSpec(testCase.revision, typeName, testCase.message);
      const reason = STRICTER_THAN_SCHEMA_JSON[name];
      expect(validPerSpec, reason ?? `${typeName} of ${testCase.revision} accepts this message`).toBe(
        reason !== undefined,
      );
    });
  }
});

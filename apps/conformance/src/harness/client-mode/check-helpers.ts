import { formatZodError } from '@mcpkit/protocol';
import type { z } from 'zod';
import type { CheckOutcome } from '../types.js';

export const pass = (id: string, detail?: string): CheckOutcome => ({
  id,
  verdict: 'pass',
  ...(detail ? { detail } : {}),
});
export const fail = (id: string, detail: string): CheckOutcome => ({ id, verdict: 'fail', detail });
export const notApplicable = (id: string, detail: string): CheckOutcome => ({
  id,
  verdict: 'not-applicable',
  detail,
});

/** pass when `value` parses with `schema`, else fail naming the first problem. */
export function checkSchema(id: string, schema: z.ZodType, value: unknown, what: string): CheckOutcome {
  const parsed = schema.safeParse(value);
  return parsed.success
    ? pass(id)
    : fail(id, `${what} does not match the schema: ${formatZodError(parsed.error)}`);
}

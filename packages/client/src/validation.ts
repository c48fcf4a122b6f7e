import { describeZodError } from '@mcpkit/protocol';
import type * as z from 'zod';
import { McpClientError, McpClientErrorCode } from './errors.js';

/**
 * Validates a server result at the boundary. Throws `McpClientError` INVALID_RESULT naming the
 * method, the revision and the offending path (`result.tools[0].name: expected string, ...`), with
 * the zod error as `cause`.
 */
export function parseServerResult<S extends z.ZodType>(
  schema: S,
  value: unknown,
  method: string,
  protocolVersion: string | undefined,
): z.output<S> {
  if (plainChecks.get(schema)?.(value) === true) return value as z.output<S>;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = describeZodError(parsed.error, value, { pathPrefix: ['result'] });
  const revision = protocolVersion ? ` (protocol ${protocolVersion})` : '';
  throw new McpClientError(
    McpClientErrorCode.InvalidResult,
    `Server sent a malformed ${method} result${revision}: ${issue.message}`,
    {
      cause: parsed.error,
      data: { method, path: issue.pathString, expected: issue.expected, received: issue.received },
    },
  );
}

/** Hand-written checks that vouch for a value `schema` accepts unchanged (see plain-result.ts). */
const plainChecks = new WeakMap<z.ZodType, (value: unknown) => boolean>();

/** Lets `parseServerResult` skip `schema` for values `check` vouches for (it never says yes wrongly). */
export function trustPlainResults(schema: z.ZodType, check: (value: unknown) => boolean): void {
  plainChecks.set(schema, check);
}

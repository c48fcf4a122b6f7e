import type { JSONRPCResponse } from '@mcpkit/protocol';
import type { CheckOutcome } from '../types.js';
import type { Revision, Session, Target } from './session.js';
import type { JsonObject } from './wire.js';

export interface ScenarioContext {
  session: Session;
  target: Target;
  revision: Revision;
  /** Scenario-scoped notes shared between scenarios of one revision (e.g. the tool list). */
  cache: Map<string, unknown>;
  /** Tools named for the round trips (`--round-trip-tool roots=list_roots`), by kind. */
  roundTripTools?: Readonly<Record<string, string>>;
}

export interface ServerScenario {
  id: string;
  description: string;
  /** Revisions it applies to (default: every revision the server claims). */
  revisions?: readonly Revision[];
  /** Transports it applies to (default: both). */
  transports?: readonly ('stdio' | 'http')[];
  run(context: ScenarioContext): Promise<CheckOutcome[]>;
}

export const pass = (id: string, detail?: string): CheckOutcome =>
  detail === undefined ? { id, verdict: 'pass' } : { id, verdict: 'pass', detail };
export const fail = (id: string, detail: string): CheckOutcome => ({ id, verdict: 'fail', detail });
export const notApplicable = (id: string, detail: string): CheckOutcome => ({
  id,
  verdict: 'not-applicable',
  detail,
});

export function check(id: string, ok: boolean, failure: string, success?: string): CheckOutcome {
  return ok ? pass(id, success) : fail(id, failure);
}

export function brief(value: unknown, length = 200): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > length ? `${text.slice(0, length)}…` : text;
}

export function resultOf(response: JSONRPCResponse): JsonObject | undefined {
  return 'result' in response ? (response.result as JsonObject) : undefined;
}

export function errorCodeOf(response: JSONRPCResponse): number | undefined {
  return 'error' in response ? response.error.code : undefined;
}

/** A check that the response is a JSON-RPC error with one of `codes`. */
export function expectError(
  id: string,
  response: JSONRPCResponse,
  codes: readonly number[],
  what: string,
): CheckOutcome {
  const code = errorCodeOf(response);
  if (code === undefined)
    return fail(
      id,
      `${what}: expected a JSON-RPC error ${codes.join(' or ')}, got the result ${brief(resultOf(response))}`,
    );
  return check(
    id,
    codes.includes(code),
    `${what}: expected error code ${codes.join(' or ')}, got ${code} (${brief('error' in response ? response.error.message : '')})`,
    `error ${code}`,
  );
}

/** Every page of a list method, bounded, recording duplicate-free items under `key`. */
export async function listAll(
  session: Session,
  method: string,
  key: string,
  maxPages = 50,
): Promise<{ items: JsonObject[]; pages: number; error?: string }> {
  const items: JsonObject[] = [];
  let cursor: string | undefined;
  for (let page = 1; page <= maxPages; page++) {
    const response = await session.call(method, cursor === undefined ? {} : { cursor });
    const result = resultOf(response);
    if (result === undefined)
      return {
        items,
        pages: page,
        error: `${method} failed: ${brief('error' in response ? response.error : response)}`,
      };
    const list = result[key];
    if (!Array.isArray(list))
      return { items, pages: page, error: `${method} result has no "${key}" array: ${brief(result)}` };
    items.push(...(list as JsonObject[]));
    cursor = typeof result.nextCursor === 'string' ? result.nextCursor : undefined;
    if (cursor === undefined) return { items, pages: page };
  }
  return { items, pages: maxPages, error: `${method} still had a nextCursor after ${maxPages} pages` };
}

/** Cached list of a capability's items for the revision (undefined when the capability is absent). */
export async function cachedList(
  context: ScenarioContext,
  capability: string,
  method: string,
  key: string,
): Promise<{ items: JsonObject[]; pages: number; error?: string } | undefined> {
  if (context.session.capabilities[capability] === undefined) return undefined;
  const cacheKey = `${method}`;
  const cached = context.cache.get(cacheKey) as
    | { items: JsonObject[]; pages: number; error?: string }
    | undefined;
  if (cached) return cached;
  const listed = await listAll(context.session, method, key);
  context.cache.set(cacheKey, listed);
  return listed;
}

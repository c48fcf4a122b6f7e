import type { AuthInfo } from '@mcpkit/jsonrpc';
import { addressGroup } from './address-group.js';
import type { HttpExchange, Reply } from './exchange.js';
import { rejection } from './http-errors.js';
import type { HandlerContext } from './route-context.js';
import type { AdmissionRefusal, SessionOwner } from './session-registry.js';

/**
 * Whether a new session may open for this request: its owner (principal and address) when it may,
 * else the refusal: 503 when the server is full, 429 when this principal or address is at its cap,
 * each with a `Retry-After` saying when a slot under that cap is due to free.
 */
export async function admitSession(
  context: HandlerContext,
  request: HttpExchange,
  auth: AuthInfo | undefined,
): Promise<SessionOwner | Reply> {
  const address = context.clientAddress(request);
  const owner: SessionOwner = {
    principal: principalKey(auth),
    address: address === undefined ? undefined : addressGroup(address),
  };
  const refusal = await context.registry.admit(owner);
  return refusal ? refuse(refusal, auth, context.config.evictIdleSessionsAfterMs) : owner;
}

/**
 * What `maxSessionsPerPrincipal` counts against: the user (subject) of an OAuth client when the
 * token names one, so the users of one shared public client do not share a cap; else the client.
 * A JSON array, so no client id and subject can spell another pair's key.
 */
export function principalKey(auth: AuthInfo | undefined): string | undefined {
  if (!auth) return undefined;
  return JSON.stringify(auth.subject === undefined ? [auth.clientId] : [auth.clientId, auth.subject]);
}

function refuse(refusal: AdmissionRefusal, auth: AuthInfo | undefined, evictAfterMs: number): Reply {
  const { limit, max, key, retryAfterMs } = refusal;
  const seconds = retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(retryAfterMs / 1000));
  const idle = Number.isFinite(evictAfterMs) ? `${Math.ceil(evictAfterMs / 1000)} s` : undefined;
  const when =
    seconds === undefined
      ? 'every one is held open by a connected client or a request in flight, so none is due to free; retry later or end one with DELETE'
      : `one is due to free in about ${seconds} s${idle ? ` (a session idle for ${idle} is closed to make room)` : ''}`;
  const holder =
    limit === 'maxSessions'
      ? 'Service Unavailable: the server holds'
      : `Too Many Requests: ${limit === 'maxSessionsPerPrincipal' ? describePrincipal(auth) : `address ${key}`} holds`;
  return rejection(
    limit === 'maxSessions' ? 503 : 429,
    `${holder} its maximum of ${max} sessions (${limit} = ${max}); ${when}`,
    {
      data: { limit, max, ...(seconds === undefined ? {} : { retryAfterSeconds: seconds }) },
      ...(seconds === undefined ? {} : { headers: { 'retry-after': String(seconds) } }),
    },
  );
}

function describePrincipal(auth: AuthInfo | undefined): string {
  const client = `principal ${JSON.stringify(auth?.clientId)}`;
  return auth?.subject === undefined ? client : `${client} (subject ${JSON.stringify(auth.subject)})`;
}

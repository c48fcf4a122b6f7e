import type { AuthInfo } from '@mcpkit/jsonrpc';
import type { HttpExchange, Reply } from './exchange.js';
import { rejection } from './http-errors.js';
import type { HandlerContext } from './route-context.js';
import type { AdmissionRefusal, SessionOwner } from './session-registry.js';

/**
 * Whether a new session may open for this request: its owner (principal and address) when it may,
 * else the refusal: 503 when the server is full, 429 when this principal or address is at its cap,
 * each with a `Retry-After` derived from when the earliest session in the way is due to expire.
 */
export async function admitSession(
  context: HandlerContext,
  request: HttpExchange,
  auth: AuthInfo | undefined,
): Promise<SessionOwner | Reply> {
  const owner: SessionOwner = { principal: auth?.clientId, address: context.clientAddress(request) };
  const refusal = await context.registry.admit(owner);
  return refusal ? refuse(refusal) : owner;
}

function refuse(refusal: AdmissionRefusal): Reply {
  const { limit, max, key, retryAfterMs } = refusal;
  const seconds = retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(retryAfterMs / 1000));
  const when =
    seconds === undefined
      ? 'every one is held open by a connected client, so none is due to expire; retry later or end one with DELETE'
      : `the earliest is due to expire in about ${seconds} s`;
  const holder =
    limit === 'maxSessions'
      ? 'Service Unavailable: the server holds'
      : `Too Many Requests: ${limit === 'maxSessionsPerPrincipal' ? `principal ${JSON.stringify(key)}` : `address ${key}`} holds`;
  return rejection(
    limit === 'maxSessions' ? 503 : 429,
    `${holder} its maximum of ${max} sessions (${limit} = ${max}); ${when}`,
    {
      data: { limit, max, ...(seconds === undefined ? {} : { retryAfterSeconds: seconds }) },
      ...(seconds === undefined ? {} : { headers: { 'retry-after': String(seconds) } }),
    },
  );
}

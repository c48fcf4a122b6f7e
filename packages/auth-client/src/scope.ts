import type { Discovery } from './discovery.js';

/** Space-separated scopes without duplicates, in first-seen order; undefined when there are none. */
export function unionScopes(...lists: Array<string | undefined>): string | undefined {
  const scopes = new Set(lists.flatMap((list) => (list ?? '').split(' ')).filter((scope) => scope !== ''));
  return scopes.size === 0 ? undefined : [...scopes].join(' ');
}

/**
 * MCP scope selection: the challenge's `scope`, else every scope of the PRM's `scopes_supported`,
 * else none. `offline_access` is added only when the authorization server lists it (SEP-2207) and
 * the caller wants refresh tokens.
 */
export function selectScope(
  challengeScope: string | undefined,
  discovery: Discovery,
  wantsOfflineAccess: boolean,
): string | undefined {
  const prmScopes = discovery.resourceMetadata?.scopes_supported;
  const scope =
    challengeScope ?? (prmScopes !== undefined && prmScopes.length > 0 ? prmScopes.join(' ') : undefined);
  if (wantsOfflineAccess && discovery.authorizationServer.scopes_supported?.includes('offline_access')) {
    return unionScopes(scope, 'offline_access');
  }
  return scope;
}

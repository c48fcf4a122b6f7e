import type { RequestContext as PeerRequestContext } from '@mcpkit/jsonrpc';
import { isStatelessProtocolVersion, type JSONObject, MetaKey } from '@mcpkit/protocol';
import type { RequestContext } from '../core/request-context.js';
import { createStatelessContext, outcomeToResult } from '../core/stateless.js';
import type { McpServer } from '../server.js';

// A 2026-07-28 client on a connection (e.g. over stdio) never initializes: it probes with
// server/discover and then sends self-describing requests, answered without session state.

/** server/discover, or a request whose `_meta` names a stateless revision. */
export function isStatelessRequest(method: string, params: JSONObject | undefined): boolean {
  if (method === 'server/discover') return true;
  const meta = params?._meta as Record<string, unknown> | undefined;
  const version = meta?.[MetaKey.ProtocolVersion];
  return typeof version === 'string' && isStatelessProtocolVersion(version);
}

export async function answerStatelessRequest(
  server: McpServer<any>,
  params: JSONObject | undefined,
  context: PeerRequestContext,
): Promise<JSONObject> {
  const sendNotification = (method: string, notificationParams: JSONObject) =>
    context.sendNotification(method, notificationParams);
  // server/discover needs the `_meta` envelope like every 2026-07-28 request (-32602 without it).
  const ctx: RequestContext = await createStatelessContext({
    params,
    // Lazy: most handlers never look at their signal, and an AbortController is not free.
    get signal() {
      return context.signal;
    },
    supportedVersions: server.protocolVersions.filter(isStatelessProtocolVersion),
    advertisedVersions: server.protocolVersions,
    requestId: context.requestId,
    sendNotification,
    ...(context.extra !== undefined ? { extra: context.extra } : {}),
    ...(server.requestState !== undefined ? { requestState: server.requestState } : {}),
  });
  return outcomeToResult(await server.handle({ method: context.method, params }, ctx));
}

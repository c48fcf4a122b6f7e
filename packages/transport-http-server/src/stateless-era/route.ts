import type { AuthInfo } from '@mcpkit/jsonrpc';
import { type JSONRPCMessage, Method } from '@mcpkit/protocol';
import { answerDirectly } from '../direct-answer.js';
import type { HttpExchange, Reply } from '../exchange.js';
import { messageExtra } from '../message-extra.js';
import type { HandlerContext } from '../route-context.js';
import type { HttpMessageExtra } from '../session-transport.js';
import { requestIdOf, statelessEraNotServed } from '../versions.js';
import { checkStatelessPost } from './request-checks.js';
import { RequestTransport } from './request-transport.js';
import { httpStatusForError } from './status.js';

/**
 * A POST of a stateless revision (2026-07-28): no session, no `Mcp-Session-Id` (one sent by an older
 * client is ignored), no resumability. The request gets its own transport, handed to `onRequest`
 * (default `onSession`), which closes once the response is sent; with the `server` option a request
 * (but `subscriptions/listen`) is answered by the server directly instead.
 */
export async function postStatelessEra(
  context: HandlerContext,
  request: HttpExchange,
  parsed: { messages: JSONRPCMessage[]; isBatch: boolean },
  auth: AuthInfo | undefined,
  version: string,
): Promise<Reply> {
  const { config } = context;
  if (!config.statelessProtocolVersions.includes(version)) {
    return statelessEraNotServed(version, context.supportedVersions, requestIdOf(parsed.messages));
  }
  const checked = checkStatelessPost(request, parsed.messages, parsed.isBatch);
  if (!('mcpParams' in checked)) return checked;
  const extra: HttpMessageExtra = messageExtra(request, auth, undefined, version);
  extra.mcpParams = checked.mcpParams;
  const message = checked.message;
  // A listen stream outlives its acknowledgement: it keeps a transport and a session.
  if (context.direct !== undefined && 'id' in message && message.method !== Method.SubscriptionsListen) {
    return answerDirectly(context.direct, request, message, extra, httpStatusForError);
  }
  const transport = new RequestTransport(context.requestEnv, checked.message, extra);
  const failed = await context.startSession(transport, {
    sessionId: undefined,
    kind: 'request',
    authInfo: auth,
    request,
    protocolVersion: version,
  });
  if (failed) return failed;
  return transport.respond(request);
}

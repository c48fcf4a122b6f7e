import type { AuthInfo } from '@mcpkit/jsonrpc';
import { HttpHeader } from '@mcpkit/protocol';
import { type BodyRefusal, emptyReply, type HttpExchange, type Reply } from './exchange.js';
import { rejection } from './http-errors.js';
import { findSession } from './rehydrate.js';
import {
  methodNotAllowed,
  requireJsonContentType,
  requirePostAccept,
  requireSseAccept,
} from './request-checks.js';
import { type HandlerContext, parseRead, principalProblem } from './route-context.js';
import { StreamableSessionTransport } from './session-transport.js';
import { postStatelessEra } from './stateless-era/route.js';
import type { Awaitable } from './stores/types.js';
import { openStreamableSession, postStateless, postToSession } from './streamable-post.js';
import { decideVersion, requestIdOf, unsupportedVersion } from './versions.js';

// The Streamable HTTP endpoint's methods (POST, GET, DELETE), once the request passed the handler's
// Host, method, authentication and rate checks (core.ts).

export async function handleGetOrDelete(
  context: HandlerContext,
  request: HttpExchange,
  auth: AuthInfo | undefined,
): Promise<Reply> {
  const { config } = context;
  const decision = decideVersion(request, [], config.protocolVersions, config.statelessProtocolVersions);
  if (decision.era === 'unsupported')
    return unsupportedVersion(decision.requested, context.supportedVersions);
  // 2026-07-28 has no standalone stream and no sessions to delete.
  if (decision.era === 'stateless') return methodNotAllowed(request.method, ['POST']);
  const found = sessionFor(context, request, auth);
  const session = found instanceof Promise ? await found : found;
  if (!(session instanceof StreamableSessionTransport)) return session;
  if (request.method === 'DELETE') {
    await session.close();
    return emptyReply(200);
  }
  return handleGet(request, session);
}

/** Not async: the checks before the body cost no frame, and the read is followed by one `then`. */
export function handlePost(
  context: HandlerContext,
  request: HttpExchange,
  auth: AuthInfo | undefined,
): Promise<Reply> {
  const refused = requirePostAccept(request) ?? requireJsonContentType(request);
  if (refused) return Promise.resolve(refused);
  return request.readText(context.config.maxBodyBytes).then((text) => postBody(context, request, auth, text));
}

function postBody(
  context: HandlerContext,
  request: HttpExchange,
  auth: AuthInfo | undefined,
  text: string | BodyRefusal,
): Awaitable<Reply> {
  const { config } = context;
  const parsed = parseRead(text, config, auth);
  if (!('messages' in parsed)) return parsed;
  const decision = decideVersion(
    request,
    parsed.messages,
    config.protocolVersions,
    config.statelessProtocolVersions,
  );
  if (decision.era === 'unsupported') {
    return unsupportedVersion(decision.requested, context.supportedVersions, requestIdOf(parsed.messages));
  }
  if (decision.era === 'stateless') return postStatelessEra(context, request, parsed, auth, decision.version);
  if (config.stateless) return postStateless(context, request, parsed, auth, decision.version);
  if (parsed.messages.some((m) => 'method' in m && m.method === 'initialize')) {
    return openStreamableSession(context, request, parsed, auth, decision.version);
  }
  const found = sessionFor(context, request, auth);
  if (found instanceof Promise) {
    return found.then((session) =>
      session instanceof StreamableSessionTransport
        ? postToSession(request, parsed, auth, decision.version, session)
        : session,
    );
  }
  if (!(found instanceof StreamableSessionTransport)) return found;
  return postToSession(request, parsed, auth, decision.version, found);
}

async function handleGet(request: HttpExchange, session: StreamableSessionTransport): Promise<Reply> {
  const refused = requireSseAccept(request);
  if (refused) return refused;
  const headers = { [HttpHeader.SessionId]: session.record.id };
  const lastEventId = request.header(HttpHeader.LastEventId);
  if (lastEventId) return session.resume(request, lastEventId, headers);
  return session.openStandalone(request, headers);
}

/**
 * The Streamable HTTP session a request names: 400 without an id, 404 if unknown, 403 if another
 * principal's. A value, not a promise, when the session is found without waiting for a store.
 */
function sessionFor(
  context: HandlerContext,
  request: HttpExchange,
  auth: AuthInfo | undefined,
): Awaitable<StreamableSessionTransport | Reply> {
  const id = request.header(HttpHeader.SessionId);
  if (!id) {
    return rejection(
      400,
      'Bad Request: Mcp-Session-Id header is required for every request after initialize',
    );
  }
  const found = findSession(context, request, id, auth);
  return found instanceof Promise
    ? found.then((session) => checkSession(session, auth))
    : checkSession(found, auth);
}

function checkSession(
  session: StreamableSessionTransport | Reply | undefined,
  auth: AuthInfo | undefined,
): StreamableSessionTransport | Reply {
  if (session === undefined) {
    return rejection(
      404,
      'Not Found: session not found (it expired or was ended); send a new initialize without Mcp-Session-Id',
    );
  }
  if (!(session instanceof StreamableSessionTransport)) return session;
  return principalProblem(session.record, auth) ?? session;
}

import type { AuthInfo } from '@mcpkit/jsonrpc';
import { admitSession } from './admission.js';
import { emptyReply, type HttpExchange, type Reply } from './exchange.js';
import { rejection } from './http-errors.js';
import { isVisibleAscii } from './ids.js';
import { LegacySseTransport } from './legacy-sse.js';
import { messageExtra } from './message-extra.js';
import { requireJsonContentType, requireSseAccept } from './request-checks.js';
import { bindPrincipal, type HandlerContext, principalProblem, readAndParse } from './route-context.js';
import { sseReply } from './sse.js';
import type { SessionRecord } from './stores/types.js';

/** GET /sse (2024-11-05): opens the session's stream and announces the POST endpoint. */
export async function handleLegacyGet(
  context: HandlerContext,
  request: HttpExchange,
  auth: AuthInfo | undefined,
  pathname: string,
): Promise<Reply> {
  const { config, registry } = context;
  const refused = requireSseAccept(request);
  if (refused) return refused;
  const owner = await admitSession(context, request, auth);
  if (!('principal' in owner)) return owner;
  const legacy = config.legacySse as { ssePath: string; messagesPath: string };
  const sessionId = config.generateSessionId();
  if (!isVisibleAscii(sessionId)) {
    return rejection(
      500,
      'Internal Server Error: generateSessionId returned characters outside visible ASCII',
    );
  }
  const now = config.now();
  const record: SessionRecord = {
    id: sessionId,
    kind: 'legacy-sse',
    createdAt: now,
    lastSeenAt: now,
  };
  bindPrincipal(record, auth);
  const transport = new LegacySseTransport(
    record,
    context.env.keepAlive.open(request),
    (ended) => registry.forget(ended.sessionId),
    context.env.wireLog,
  );
  // Findable at once (the endpoint is announced), but pending until the client's first POST.
  await registry.open(transport, owner, 'pending');
  const failed = await context.startSession(transport, {
    sessionId: record.id,
    kind: 'legacy-sse',
    authInfo: auth,
    request,
    protocolVersion: undefined,
  });
  if (failed) return failed;
  // Keep any mount prefix in front of the SSE path (e.g. /api/sse -> /api/messages).
  const prefix = pathname.endsWith(legacy.ssePath) ? pathname.slice(0, -legacy.ssePath.length) : '';
  transport.announceEndpoint(`${prefix}${legacy.messagesPath}?sessionId=${encodeURIComponent(record.id)}`);
  return sseReply(transport.connection);
}

/** POST /messages?sessionId=... (2024-11-05): one client message, answered 202; replies go down the SSE stream. */
export async function handleLegacyPost(
  context: HandlerContext,
  request: HttpExchange,
  auth: AuthInfo | undefined,
): Promise<Reply> {
  const sessionId = new URL(request.url).searchParams.get('sessionId');
  if (!sessionId) return rejection(400, 'Bad Request: the sessionId query parameter is required');
  const session = await context.registry.use(sessionId);
  if (!(session instanceof LegacySseTransport)) {
    return rejection(404, 'Not Found: no open SSE session has this sessionId; open a new one with GET');
  }
  const forbidden = principalProblem(session.record, auth);
  if (forbidden) return forbidden;
  const refused = requireJsonContentType(request);
  if (refused) return refused;
  const parsed = await readAndParse(request, context.config, auth);
  if (!('messages' in parsed)) return parsed;
  if (parsed.isBatch) {
    return rejection(
      400,
      'Bad Request: the HTTP+SSE transport (2024-11-05) takes one JSON-RPC message per POST',
    );
  }
  const extra = messageExtra(request, auth, sessionId, session.record.protocolVersion);
  for (const message of parsed.messages) session.receive(message, extra);
  return { ...emptyReply(202, { 'content-type': 'text/plain' }), body: 'Accepted' };
}

import type { AuthInfo } from '@mcpkit/jsonrpc';
import { HttpHeader, type JSONRPCMessage } from '@mcpkit/protocol';
import { admitSession } from './admission.js';
import { answerDirectly } from './direct-answer.js';
import type { HttpExchange, Reply } from './exchange.js';
import { isInitializeRequest, isRequest } from './framing.js';
import { rejection } from './http-errors.js';
import { isVisibleAscii } from './ids.js';
import { messageExtra } from './message-extra.js';
import { bindPrincipal, type HandlerContext } from './route-context.js';
import { StreamableSessionTransport } from './session-transport.js';
import type { Awaitable, SessionRecord } from './stores/types.js';
import { DEFAULT_ASSUMED_VERSION } from './versions.js';

interface Parsed {
  messages: JSONRPCMessage[];
  isBatch: boolean;
}

/**
 * POST initialize without a session: creates the session, hands its transport to onSession, answers.
 * The session exists (counts, is stored, gets its id header) only if initialize is answered with a
 * result; an error answer leaves nothing behind.
 */
export async function openStreamableSession(
  context: HandlerContext,
  request: HttpExchange,
  parsed: Parsed,
  auth: AuthInfo | undefined,
  headerVersion: string | undefined,
): Promise<Reply> {
  const { config, registry, env } = context;
  if (parsed.isBatch) {
    return rejection(400, 'Bad Request: initialize must be sent alone, not inside a JSON-RPC batch');
  }
  if (!isInitializeRequest(parsed.messages[0]!)) {
    return rejection(
      400,
      'Bad Request: initialize must be a request (with an id); as a notification nothing could answer it',
    );
  }
  if (request.header(HttpHeader.SessionId) !== undefined) {
    return rejection(
      400,
      'Bad Request: initialize must not carry Mcp-Session-Id; it starts a new session (end the old one with DELETE)',
    );
  }
  const owner = await admitSession(context, request, auth);
  if (!('principal' in owner)) return owner;
  const sessionId = config.generateSessionId();
  if (!isVisibleAscii(sessionId)) {
    return rejection(
      500,
      'Internal Server Error: generateSessionId returned characters outside visible ASCII',
    );
  }
  const init = parsed.messages[0] as JSONRPCMessage & { params?: Record<string, unknown> };
  const now = config.now();
  const requestedVersion = init.params?.protocolVersion;
  // Every field a session gets in one literal (protocolVersion comes with initialize's answer): the
  // record keeps them in the object itself, not in a property array added as fields arrive.
  const record: SessionRecord = {
    id: sessionId,
    kind: 'streamable',
    protocolVersion: undefined,
    clientInfo: init.params?.clientInfo,
    clientCapabilities: init.params?.capabilities,
    createdAt: now,
    lastSeenAt: now,
    requestedVersion: typeof requestedVersion === 'string' ? requestedVersion : undefined,
  };
  bindPrincipal(record, auth);
  const transport = new StreamableSessionTransport(env, record, false);
  // Held but not findable until the server answers initialize with a result.
  await registry.open(transport, owner, 'opening');
  const requested =
    typeof init.params?.protocolVersion === 'string' ? init.params.protocolVersion : undefined;
  const version = headerVersion ?? requested;
  const failed = await context.startSession(transport, {
    sessionId,
    kind: 'streamable',
    authInfo: auth,
    request,
    protocolVersion: version,
  });
  if (failed) return failed;
  const extra = messageExtra(request, auth, sessionId, version);
  return await transport.receivePost(parsed.messages, false, request, extra, {
    [HttpHeader.SessionId]: sessionId,
  });
}

/** POST to an existing session. */
export function postToSession(
  request: HttpExchange,
  parsed: Parsed,
  auth: AuthInfo | undefined,
  headerVersion: string | undefined,
  session: StreamableSessionTransport,
): Awaitable<Reply> {
  const version = headerVersion ?? session.record.protocolVersion ?? DEFAULT_ASSUMED_VERSION;
  const batchRefused = refuseBatch(parsed, session.record.protocolVersion ?? version);
  if (batchRefused) return batchRefused;
  const extra = messageExtra(request, auth, session.record.id, version);
  return session.receivePost(parsed.messages, parsed.isBatch, request, extra, {
    [HttpHeader.SessionId]: session.record.id,
  });
}

/**
 * Stateless mode: a POST of one request is answered by `server` directly when it is given; any
 * other POST gets a fresh transport, closed once the response is sent.
 */
export function postStateless(
  context: HandlerContext,
  request: HttpExchange,
  parsed: Parsed,
  auth: AuthInfo | undefined,
  headerVersion: string | undefined,
): Awaitable<Reply> {
  const init = parsed.messages.find(isInitializeRequest);
  const requested =
    typeof init?.params?.protocolVersion === 'string' ? init.params.protocolVersion : undefined;
  const version = headerVersion ?? requested ?? DEFAULT_ASSUMED_VERSION;
  const batchRefused = refuseBatch(parsed, version);
  if (batchRefused) return batchRefused;
  const only = parsed.messages[0]!;
  // Not async: the answer's promise goes back as is (an async frame costs a promise and two turns).
  if (context.direct !== undefined && !parsed.isBatch && isRequest(only)) {
    return answerDirectly(context.direct, request, only, messageExtra(request, auth, undefined, version));
  }
  return postThroughTransport(context, request, parsed, auth, version);
}

/** A stateless POST the server does not answer directly: a transport of its own, closed after it. */
async function postThroughTransport(
  context: HandlerContext,
  request: HttpExchange,
  parsed: Parsed,
  auth: AuthInfo | undefined,
  version: string,
): Promise<Reply> {
  const now = context.config.now();
  const record: SessionRecord = {
    id: '',
    kind: 'streamable',
    createdAt: now,
    lastSeenAt: now,
    protocolVersion: version,
  };
  bindPrincipal(record, auth);
  const transport = new StreamableSessionTransport(context.env, record, true);
  const failed = await context.startSession(transport, {
    sessionId: undefined,
    kind: 'stateless',
    authInfo: auth,
    request,
    protocolVersion: version,
  });
  if (failed) return failed;
  // `return await`: returning the promise from this async function would take two more turns.
  return await transport.receivePost(
    parsed.messages,
    parsed.isBatch,
    request,
    messageExtra(request, auth, undefined, version),
    {},
  );
}

/** JSON-RPC batches exist only in 2025-03-26; later revisions removed them. */
function refuseBatch(parsed: Parsed, version: string): Reply | undefined {
  if (!parsed.isBatch || version === '2025-03-26') return undefined;
  return rejection(
    400,
    `Bad Request: JSON-RPC batches are only accepted for protocol version 2025-03-26 (this session uses ${version}); send one message per POST`,
  );
}

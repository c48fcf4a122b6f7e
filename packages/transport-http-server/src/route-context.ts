import type { AuthInfo, Transport } from '@mcpkit/jsonrpc';
import type { DirectEnvironment } from './direct-answer.js';
import type { BodyRefusal, HttpExchange, Reply } from './exchange.js';
import { type ParsedBody, parseJsonRpcBody } from './framing.js';
import type { Gate } from './gate.js';
import { rejection } from './http-errors.js';
import type { LegacySseTransport } from './legacy-sse.js';
import type { ResolvedOptions, SessionInfo } from './options.js';
import type { RateLimiter } from './rate-limit.js';
import type { SessionRegistry } from './session-registry.js';
import type { SessionEnvironment, StreamableSessionTransport } from './session-transport.js';
import type { RequestTransportEnvironment } from './stateless-era/request-transport.js';
import type { SessionRecord } from './stores/types.js';

// What the handler core hands its route modules (legacy-routes, streamable-post,
// stateless-era/route, admission): they import it from here, never from core.ts, which imports them.

/** Everything the route functions share; built once per handler. */
export interface HandlerContext {
  readonly config: ResolvedOptions;
  readonly registry: SessionRegistry<StreamableSessionTransport | LegacySseTransport>;
  readonly env: SessionEnvironment;
  /** What the transports of 2026-07-28 requests share. */
  readonly requestEnv: RequestTransportEnvironment;
  /** With the `server` option: what stateless POSTs answered by the server directly share. */
  readonly direct: DirectEnvironment | undefined;
  /** Every version this handler serves, stateless ones first: the `supported` list of -32022. */
  readonly supportedVersions: readonly string[];
  readonly gate: Gate;
  hostProblem(request: HttpExchange): string | undefined;
  /** The address a request counts against for `maxSessionsPerAddress`. */
  clientAddress(request: HttpExchange): string | undefined;
  /** The `rateLimit` check, when it is on. */
  rateLimit?: RateLimiter;
  startSession(transport: Transport, info: SessionInfo): Promise<Reply | undefined>;
}

/** Binds a new session to who opened it: the OAuth client and, when known, the user (subject). */
export function bindPrincipal(record: SessionRecord, auth: AuthInfo | undefined): void {
  if (!auth) return;
  record.principal = auth.clientId;
  if (auth.subject !== undefined) record.subject = auth.subject;
}

export function principalProblem(
  record: Pick<SessionRecord, 'principal' | 'subject'>,
  auth: AuthInfo | undefined,
): Reply | undefined {
  // Another user of the same OAuth client must not use, listen to or end the session either.
  if (record.principal === auth?.clientId && record.subject === auth?.subject) return undefined;
  return rejection(403, 'Forbidden: this session belongs to another principal');
}

export type ParsedMessages = Extract<ParsedBody, { ok: true }>;

type BodyLimits = Pick<ResolvedOptions, 'maxBodyBytes' | 'maxDepth' | 'maxBatchSize' | 'authorizeCall'>;

/** The body read and decoded, or the reply refusing it. */
export async function readAndParse(
  request: HttpExchange,
  config: BodyLimits,
  auth: AuthInfo | undefined,
): Promise<Reply | ParsedMessages> {
  return parseRead(await request.readText(config.maxBodyBytes), config, auth);
}

/** What `readAndParse` makes of the body `readText` gave (for a caller that awaits the read itself). */
export function parseRead(
  text: string | BodyRefusal,
  config: BodyLimits,
  auth: AuthInfo | undefined,
): Reply | ParsedMessages {
  if (typeof text !== 'string') return text.refused;
  const parsed = parseJsonRpcBody(text, config);
  if (!parsed.ok) return rejection(400, parsed.message, { code: parsed.code, id: parsed.id });
  const authorize = config.authorizeCall;
  if (authorize === undefined) return parsed;
  for (const message of parsed.messages) {
    if (!('method' in message)) continue;
    const refused = authorize(auth, message.method, message.params);
    if (refused === undefined) continue;
    const reply: Reply = { status: refused.status, headers: { ...refused.headers } };
    if (refused.body !== undefined) reply.body = refused.body;
    return reply;
  }
  return parsed;
}

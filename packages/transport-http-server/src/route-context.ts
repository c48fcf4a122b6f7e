import type { AuthInfo, MessageExtra, Transport } from '@mcpkit/jsonrpc';
import { type ParsedBody, parseJsonRpcBody } from './framing.js';
import type { Gate } from './gate.js';
import { rejection } from './http-errors.js';
import type { LegacySseTransport } from './legacy-sse.js';
import type { ResolvedOptions, SessionInfo } from './options.js';
import { readBodyText } from './request-checks.js';
import type { SessionRegistry } from './session-registry.js';
import type { SessionEnvironment, StreamableSessionTransport } from './session-transport.js';
import type { RequestTransportEnvironment } from './stateless-era/request-transport.js';
import type { SessionRecord } from './stores/types.js';

// What the handler hands its route modules (legacy-routes, streamable-post, stateless-era/route,
// admission): they import it from here, never from handler.ts, which imports them.

/** Everything the route functions share; built once per handler. */
export interface HandlerContext {
  readonly config: ResolvedOptions;
  readonly registry: SessionRegistry<StreamableSessionTransport | LegacySseTransport>;
  readonly env: SessionEnvironment;
  /** What the transports of 2026-07-28 requests share. */
  readonly requestEnv: RequestTransportEnvironment;
  /** Every version this handler serves, stateless ones first: the `supported` list of -32022. */
  readonly supportedVersions: readonly string[];
  readonly gate: Gate;
  hostProblem(request: Request): string | undefined;
  /** The address a request counts against for `maxSessionsPerAddress`. */
  clientAddress(request: Request): string | undefined;
  startSession(transport: Transport, info: SessionInfo): Promise<Response | undefined>;
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
): Response | undefined {
  // Another user of the same OAuth client must not use, listen to or end the session either.
  if (record.principal === auth?.clientId && record.subject === auth?.subject) return undefined;
  return rejection(403, 'Forbidden: this session belongs to another principal');
}

export async function readAndParse(
  request: Request,
  limits: Pick<ResolvedOptions, 'maxBodyBytes' | 'maxDepth' | 'maxBatchSize'>,
): Promise<Response | Extract<ParsedBody, { ok: true }>> {
  const text = await readBodyText(request, limits.maxBodyBytes);
  if (text instanceof Response) return text;
  const parsed = parseJsonRpcBody(text, limits);
  if (!parsed.ok) return rejection(400, parsed.message, { code: parsed.code, id: parsed.id });
  return parsed;
}

/** The MessageExtra of messages in one HTTP request. */
export function messageExtra(
  request: Request,
  auth: AuthInfo | undefined,
  sessionId: string | undefined,
  protocolVersion: string | undefined,
): MessageExtra {
  const extra: MessageExtra = { requestHeaders: request.headers };
  if (auth) extra.authInfo = auth;
  if (sessionId !== undefined) extra.sessionId = sessionId;
  if (protocolVersion !== undefined) extra.protocolVersion = protocolVersion;
  return extra;
}

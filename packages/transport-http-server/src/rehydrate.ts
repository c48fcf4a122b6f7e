import type { AuthInfo } from '@mcpkit/jsonrpc';
import { HttpHeader } from '@mcpkit/protocol';
import { admitSession } from './admission.js';
import type { HttpExchange, Reply } from './exchange.js';
import { rejection } from './http-errors.js';
import { type HandlerContext, principalProblem } from './route-context.js';
import { StreamableSessionTransport } from './session-transport.js';
import { isStoreUnavailable, storeUnavailableReply } from './store-unavailable.js';
import type { Awaitable } from './stores/types.js';

/** Rehydrations under way, per handler and session id: concurrent first requests share one. */
const pending = new WeakMap<
  HandlerContext,
  Map<string, Promise<StreamableSessionTransport | Reply | undefined>>
>();

/**
 * The session a request names, when it is live in this process or (shared stores) can be rebuilt
 * here from its record: a 2025 Streamable HTTP session whose initialize succeeded. A live session
 * whose record is gone (ended by another process) is closed here too. Undefined: 404.
 */
export function findSession(
  context: HandlerContext,
  request: HttpExchange,
  id: string,
  auth: AuthInfo | undefined,
): Awaitable<StreamableSessionTransport | Reply | undefined> {
  if (context.config.shared) return findShared(context, request, id, auth);
  // Without shared stores the session is live here or nowhere: found without an await when the
  // session store touches synchronously (the in-memory one does).
  const live = context.registry.use(id);
  return live instanceof Promise ? live.then(streamableOnly) : streamableOnly(live);
}

function streamableOnly(session: unknown): StreamableSessionTransport | undefined {
  return session instanceof StreamableSessionTransport ? session : undefined;
}

async function findShared(
  context: HandlerContext,
  request: HttpExchange,
  id: string,
  auth: AuthInfo | undefined,
): Promise<StreamableSessionTransport | Reply | undefined> {
  const live = await context.registry.use(id);
  if (live !== undefined && !(live instanceof StreamableSessionTransport)) return undefined;
  if (live) {
    const record = await context.config.sessionStore.get(id);
    if (!record && live.unstored) {
      // Opened while the store was down: no other process ever saw it, so it is stored now.
      await context.config.sessionStore.set(live.record);
      live.unstored = false;
    } else if (!record) {
      // Ended in another process (DELETE) or expired there: this copy ends too, without the record.
      await live.release();
      return undefined;
    }
    const problem = principalProblem(live.record, auth);
    if (problem) return problem;
    if (record) await live.catchUp(record);
    return live;
  }
  let byId = pending.get(context);
  if (!byId) {
    byId = new Map();
    pending.set(context, byId);
  }
  let rebuilding = byId.get(id);
  if (!rebuilding) {
    rebuilding = rehydrate(context, request, id, auth).finally(() => byId.delete(id));
    byId.set(id, rebuilding);
  }
  const session = await rebuilding;
  if (!(session instanceof StreamableSessionTransport)) return session;
  return principalProblem(session.record, auth) ?? session;
}

async function rehydrate(
  context: HandlerContext,
  request: HttpExchange,
  id: string,
  auth: AuthInfo | undefined,
): Promise<StreamableSessionTransport | Reply | undefined> {
  const { config, registry, env } = context;
  const stored = await config.sessionStore.get(id);
  // Only a session whose initialize succeeded (the server named a version) is worth rebuilding.
  if (stored?.kind !== 'streamable' || stored.protocolVersion === undefined) return undefined;
  // Checked before anything runs for it: another principal learns nothing but 403.
  const problem = principalProblem(stored, auth);
  if (problem) return problem;
  if (stored.stateLogOverflow) {
    return rejection(
      404,
      `Not Found: session ${id} changed state more than the record keeps (state log bound), so only the process holding it can serve it; send a new initialize without Mcp-Session-Id`,
    );
  }
  const owner = await admitSession(context, request, auth);
  if (!('principal' in owner)) return owner;
  // A copy: an in-memory store shared by handlers in one process must not share the object.
  const record = structuredClone(stored);
  const transport = new StreamableSessionTransport(env, record, false);
  registry.adopt(transport, owner);
  await config.sessionStore.touch(id, config.now());
  const failed = await context.startSession(transport, {
    sessionId: id,
    kind: 'streamable',
    authInfo: auth,
    request,
    protocolVersion: request.header(HttpHeader.ProtocolVersion) ?? record.protocolVersion,
  });
  if (failed) return failed;
  try {
    await transport.restore();
  } catch (error) {
    // Closing only this process's copy: the record stays for the processes that can serve it.
    await transport.release();
    const why = `session ${id} could not be rebuilt in this process: ${error instanceof Error ? error.message : String(error)}`;
    if (isStoreUnavailable(error)) return storeUnavailableReply(error, why);
    return rejection(500, `Internal Server Error: ${why}`);
  }
  return transport;
}

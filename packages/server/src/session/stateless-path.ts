import type { RequestContext as PeerRequestContext } from '@mcpkit/jsonrpc';
import { isStatelessProtocolVersion, type JSONObject, MetaKey } from '@mcpkit/protocol/essentials';
import type { CoreRequest, HandleOutcome } from '../core/dispatch.js';
import type { RequestContext } from '../core/request-context.js';
import type { RequestStateSealer } from '../core/request-state-sealer.js';
import { outcomeToResult, type StatelessContextInit, statelessContextOf } from '../core/stateless.js';

// A 2026-07-28 client on a connection (e.g. over stdio) never initializes: it probes with
// server/discover and then sends self-describing requests, answered without session state.

/**
 * What answering a stateless request needs from the server: McpServer implements it. Passed in
 * rather than imported, so the session layer never imports the server that creates it.
 */
export interface StatelessHost {
  readonly protocolVersions: readonly string[];
  /** The sealer of 2026-07-28 requestState, when the server has one. */
  readonly requestState: RequestStateSealer | undefined;
  /** Answers at once when it can (McpServer.handleNow); never throws. */
  handleNow(request: CoreRequest, ctx: RequestContext): HandleOutcome | Promise<HandleOutcome>;
}

/** server/discover, or a request whose `_meta` names a stateless revision. */
export function isStatelessRequest(method: string, params: JSONObject | undefined): boolean {
  if (method === 'server/discover') return true;
  const meta = params?._meta as Record<string, unknown> | undefined;
  const version = meta?.[MetaKey.ProtocolVersion];
  return typeof version === 'string' && isStatelessProtocolVersion(version);
}

export function answerStatelessRequest(
  server: StatelessHost,
  params: JSONObject | undefined,
  context: PeerRequestContext,
): JSONObject | Promise<JSONObject> {
  // Not async (every 2026-07-28 request on a connection comes here): a synchronous answer stays
  // synchronous, and a promise is made only for the steps that are asynchronous. Throws as the
  // peer's request handlers may.
  // server/discover needs the `_meta` envelope like every 2026-07-28 request (-32602 without it).
  const ctx = statelessContextOf(new ConnectionStatelessInit(server, params, context));
  const request = { method: context.method, params };
  if (ctx instanceof Promise) return ctx.then((opened) => resultOf(server.handleNow(request, opened)));
  return resultOf(server.handleNow(request, ctx));
}

function resultOf(outcome: HandleOutcome | Promise<HandleOutcome>): JSONObject | Promise<JSONObject> {
  return outcome instanceof Promise ? outcome.then(outcomeToResult) : outcomeToResult(outcome);
}

/**
 * A class rather than an object literal: a literal with a getter and conditional spreads is built
 * on a slow path, and this runs for every 2026-07-28 request.
 */
class ConnectionStatelessInit implements StatelessContextInit {
  readonly method: string;
  readonly supportedVersions: readonly string[];
  readonly advertisedVersions: readonly string[];
  readonly requestId: PeerRequestContext['requestId'];
  readonly extra?: PeerRequestContext['extra'];
  readonly requestState?: StatelessContextInit['requestState'];
  /** An own function: the context takes it off this object and calls it unbound. */
  readonly sendNotification: StatelessContextInit['sendNotification'];
  readonly #context: PeerRequestContext;

  constructor(
    server: StatelessHost,
    readonly params: JSONObject | undefined,
    context: PeerRequestContext,
  ) {
    this.#context = context;
    this.method = context.method;
    // The cache read first: a call less on every request.
    this.supportedVersions = statelessVersions.get(server) ?? statelessVersionsOf(server);
    this.advertisedVersions = server.protocolVersions;
    this.requestId = context.requestId;
    this.sendNotification = (method, notificationParams) =>
      context.sendNotification(method, notificationParams);
    // Declared fields: own properties (undefined) either way.
    this.extra = context.extra;
    this.requestState = server.requestState;
  }

  /** Lazy: most handlers never look at their signal, and an AbortController is not free. */
  get signal(): AbortSignal {
    return this.#context.signal;
  }
}

const statelessVersions = new WeakMap<StatelessHost, readonly string[]>();

function statelessVersionsOf(server: StatelessHost): readonly string[] {
  let versions = statelessVersions.get(server);
  if (versions === undefined) {
    versions = server.protocolVersions.filter(isStatelessProtocolVersion);
    statelessVersions.set(server, versions);
  }
  return versions;
}

import type { AuthInfo } from '@mcpkit/jsonrpc';
import type { ResourceServer } from './resource-server.js';
import type { AuthReply, RequestHead } from './types.js';

/** What `@mcpkit/transport-http-server`'s handler tells its `authenticate` hook. */
export interface HandlerAuthenticateContext {
  /** The handler calls `admit` for every request it lets in after `authenticate` (and its rate limit). */
  admits?: boolean;
}

/** The hooks of `@mcpkit/transport-http-server`'s handler options that a resource server fills. */
export interface HandlerAuth {
  /**
   * Checks the request's token: the caller's `AuthInfo`, or a refusal (401/403 with its challenge) to
   * send back. When the handler says it `admits`, a DPoP proof is recorded as used only by `admit`.
   */
  authenticate(head: RequestHead, context?: HandlerAuthenticateContext): Promise<AuthInfo | AuthReply>;
  /**
   * Runs once the handler let an authenticated request in (after its rate limit): records the
   * request's DPoP proof in the replay cache; a refusal (proof used before) is sent instead.
   */
  admit(authInfo: AuthInfo, head: RequestHead): Promise<AuthReply | undefined>;
  /**
   * Checks that the authenticated caller has the scopes one JSON-RPC call needs: undefined when it may
   * go on, else the refusal.
   */
  authorizeCall(authInfo: AuthInfo | undefined, method: string, params: unknown): AuthReply | undefined;
}

/**
 * A resource server as `createStreamableHttpHandler` options (`{ ...handlerAuth(server) }`): the
 * token check on every request's head, the DPoP replay check once the handler's rate limit let
 * the request in, and the per-call scope check on every parsed message, which the handler runs
 * before any message reaches a session. No body is read twice and no Web `Request` is built, so
 * the handler's node:http path stays fast. A handler that does not say it calls `admit` (an older
 * one) gets the whole check, replay included, from `authenticate`.
 */
export function handlerAuth(
  server: Pick<ResourceServer, 'authenticate' | 'checkScopes'> & Partial<Pick<ResourceServer, 'admit'>>,
): HandlerAuth {
  // Without `admit` (a stand-in for a resource server), nothing is deferred.
  const admit = server.admit?.bind(server);
  return {
    authenticate: (head, context) =>
      server.authenticate(head, { deferReplayCheck: admit !== undefined && context?.admits === true }),
    admit: (authInfo) => (admit ? admit(authInfo) : Promise.resolve(undefined)),
    authorizeCall: (authInfo, method, params) => server.checkScopes(authInfo, method, params),
  };
}

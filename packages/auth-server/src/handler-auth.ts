import type { AuthInfo } from '@mcpkit/jsonrpc';
import type { ResourceServer } from './resource-server.js';
import type { AuthReply, RequestHead } from './types.js';

/** The two hooks of `@mcpkit/transport-http-server`'s handler options that a resource server fills. */
export interface HandlerAuth {
  /**
   * Checks the request's token: the caller's `AuthInfo`, or a refusal (401/403 with its challenge) to
   * send back.
   */
  authenticate(head: RequestHead): Promise<AuthInfo | AuthReply>;
  /**
   * Checks that the authenticated caller has the scopes one JSON-RPC call needs: undefined when it may
   * go on, else the refusal.
   */
  authorizeCall(authInfo: AuthInfo | undefined, method: string, params: unknown): AuthReply | undefined;
}

/**
 * A resource server as `createStreamableHttpHandler` options (`{ ...handlerAuth(server) }`): the
 * token check on every request's head, and the per-call scope check on every parsed message, which
 * the handler runs before any message reaches a session. No body is read twice and no Web
 * `Request` is built, so the handler's node:http path stays fast.
 */
export function handlerAuth(server: Pick<ResourceServer, 'authenticate' | 'checkScopes'>): HandlerAuth {
  return {
    authenticate: (head) => server.authenticate(head),
    authorizeCall: (authInfo, method, params) => server.checkScopes(authInfo, method, params),
  };
}

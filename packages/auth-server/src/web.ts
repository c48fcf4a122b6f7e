import type { AuthInfo } from '@mcpkit/jsonrpc';
import { readTextUpTo } from './bounded-read.js';
import type { ResourceServer } from './resource-server.js';
import type { AuthReply, RequestHead } from './types.js';

// Glue between the resource server's plain shapes and Web `Request`/`Response`, for HTTP servers
// whose auth hook takes a whole Request (`createStreamableHttpHandler` takes `handlerAuth` instead).

/** The head of a Web Request, as the resource server reads it. */
export function requestHead(request: Request): RequestHead {
  return {
    method: request.method,
    url: request.url,
    header: (name) => request.headers.get(name) ?? undefined,
  };
}

/** Turns an authentication reply (a refusal or a metadata document) into a web `Response`. */
export function toResponse(reply: AuthReply): Response {
  return new Response(reply.body, { status: reply.status, headers: reply.headers });
}

/** Largest POST body read to check per-call scopes (4 MiB, the HTTP server's default `maxBodyBytes`). */
export const DEFAULT_SCOPE_CHECK_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Options of the web-standard (`Request`/`Response`) authentication wrapper of a resource server. */
export interface WebAuthenticateOptions {
  /**
   * Largest POST body read to check per-call scopes (default 4 MiB, the HTTP server's default
   * `maxBodyBytes`); a larger one is refused with 413, since its calls could not be checked.
   */
  maxBodyBytes?: number;
}

/**
 * An `authenticate(request)` hook for an HTTP server that hands it a Web Request: the token check, and, when
 * the resource server has per-tool/resource/prompt scopes, the scope check of every JSON-RPC request
 * in a POST body (read from a clone; the handler still reads the original).
 */
export function webAuthenticate(
  server: ResourceServer,
  options: WebAuthenticateOptions = {},
): (request: Request) => Promise<AuthInfo | Response> {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_SCOPE_CHECK_MAX_BODY_BYTES;
  return async (request) => {
    const result = await server.authenticate(requestHead(request));
    if (!('token' in result)) return toResponse(result);
    if (request.method !== 'POST' || !server.scopesPerCall || request.body === null) return result;
    const text = await readTextUpTo(request.clone().body!, maxBodyBytes, { awaitCancel: false });
    if (text === undefined) {
      return toResponse({
        status: 413,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          error: 'invalid_request',
          error_description: `the body is larger than ${maxBodyBytes} bytes, the most read to check the scopes of its calls`,
        }),
      });
    }
    const refused = checkBody(server, result, text);
    return refused === undefined ? result : toResponse(refused);
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON: the HTTP server answers it (-32700); there is no call whose scope to check.
    return undefined;
  }
}

/** The first refusal among the body's JSON-RPC requests (a batch is refused whole). */
export function checkBody(server: ResourceServer, authInfo: AuthInfo, text: string): AuthReply | undefined {
  const parsed = parseJson(text);
  const messages = Array.isArray(parsed) ? parsed : [parsed];
  for (const message of messages) {
    if (typeof message !== 'object' || message === null) continue;
    const { method, params } = message as { method?: unknown; params?: unknown };
    if (typeof method !== 'string') continue;
    const refused = server.checkScopes(authInfo, method, params);
    if (refused !== undefined) return refused;
  }
  return undefined;
}

type FetchHandler<A extends unknown[]> = ((request: Request, ...rest: A) => Promise<Response>) & {
  close?: () => Promise<void>;
};

/**
 * Wraps an HTTP handler so it also serves the protected resource metadata document at
 * `server.metadataUrl`'s path (the MCP handler answers only its endpoint). Keeps `close`.
 */
export function withProtectedResourceMetadata<A extends unknown[]>(
  server: Pick<ResourceServer, 'metadataReply'>,
  handler: FetchHandler<A>,
): FetchHandler<A> {
  const wrapped: FetchHandler<A> = (request, ...rest) => {
    const reply = server.metadataReply(requestHead(request));
    return reply === undefined ? handler(request, ...rest) : Promise.resolve(toResponse(reply));
  };
  if (handler.close) wrapped.close = () => handler.close!();
  return wrapped;
}

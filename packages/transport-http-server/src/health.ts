import { emptyReply, type HttpExchange, jsonReply, type Reply } from './exchange.js';

/** Default path of the health endpoint (`health: true`). */
export const DEFAULT_HEALTH_PATH = '/healthz';

/** What the `health` option takes: true for `/healthz`, or the path to answer at. */
export type HealthOptions = boolean | { path?: string };

/**
 * The health endpoint: `GET` (and `HEAD`) answer `200 {"status":"ready"}`, or
 * `503 {"status":"draining"}` with `Retry-After` once the handler is not ready (`setReady(false)`,
 * or `close()` started), so a load balancer stops sending new work while in-flight calls finish.
 * It is answered before the Host/Origin check, `authenticate`, CORS and sessions: a probe carries
 * no credentials and often the instance's IP as Host, and the answer tells nothing about anyone.
 */
export interface HealthEndpoint {
  /** Whether `path` is the health endpoint's. */
  matches(path: string): boolean;
  answer(request: HttpExchange, ready: boolean): Reply;
}

/** The endpoint for the `health` option, or undefined when it is off. */
export function createHealthEndpoint(
  option: HealthOptions | undefined,
  retryAfterSeconds: number,
): HealthEndpoint | undefined {
  if (!option) return undefined;
  const path = (option === true ? undefined : option.path) ?? DEFAULT_HEALTH_PATH;
  const retryAfter = String(Math.max(1, Math.ceil(retryAfterSeconds)));
  return {
    // Exact or as a suffix, as `endpoint` matches, so a mounted router's prefix does not hide it.
    matches: (candidate) => candidate === path || (path.startsWith('/') && candidate.endsWith(path)),
    answer(request, ready) {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return jsonReply(
          {
            status: 'error',
            message: `Method Not Allowed: ${request.method}; the health endpoint answers GET and HEAD`,
          },
          405,
          { allow: 'GET, HEAD', 'cache-control': 'no-store' },
        );
      }
      const headers: Record<string, string> = { 'cache-control': 'no-store' };
      if (!ready) headers['retry-after'] = retryAfter;
      const status = ready ? 200 : 503;
      if (request.method === 'HEAD')
        return emptyReply(status, { 'content-type': 'application/json', ...headers });
      return jsonReply({ status: ready ? 'ready' : 'draining' }, status, headers);
    },
  };
}

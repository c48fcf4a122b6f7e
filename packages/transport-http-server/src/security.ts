import type { HttpRequestHead } from './exchange.js';

/** DNS-rebinding protection: which Host and Origin headers a request may carry. */
export interface HostValidationOptions {
  /** Default true. Turn off only behind a proxy that validates Host itself. */
  dnsRebindingProtection?: boolean;
  /**
   * Host names (or `host:port`) accepted besides `localhost`, `127.0.0.1` and `[::1]`, for servers
   * bound to another interface, e.g. `['mcp.example.com']`.
   */
  allowedHosts?: string[];
  /** Origins accepted besides those whose host is allowed, e.g. `['https://app.example.com']`. */
  allowedOrigins?: string[];
}

const LOCAL_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Builds the check once per handler: it returns why a request must be refused, or undefined when its
 * Host and Origin are acceptable.
 */
export function createHostValidator(
  options: HostValidationOptions,
): (request: HttpRequestHead) => string | undefined {
  if (options.dnsRebindingProtection === false) return () => undefined;
  const allowedHosts = new Set([
    ...LOCAL_HOSTNAMES,
    ...(options.allowedHosts ?? []).map((h) => h.toLowerCase()),
  ]);
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  // A client sends the same Host on every request: remember the last one that passed.
  let lastAllowedHost: string | undefined;
  return (request) => {
    const host = request.header('host');
    if (host !== undefined && host === lastAllowedHost && request.header('origin') === undefined) {
      return undefined;
    }
    const problem = hostProblem(request, allowedHosts, allowedOrigins);
    if (problem === undefined && host !== undefined) lastAllowedHost = host;
    return problem;
  };
}

function hostProblem(
  request: HttpRequestHead,
  allowedHosts: Set<string>,
  allowedOrigins: Set<string>,
): string | undefined {
  const hostHeader = request.header('host') ?? safeUrl(request.url)?.host;
  if (!hostHeader) return 'Forbidden: the request has no Host header';
  if (!hostAllowed(hostHeader, allowedHosts)) {
    return `Forbidden: Host "${hostHeader}" is not allowed (DNS-rebinding protection); expected one of ${[...allowedHosts].join(', ')} or an allowedHosts entry`;
  }
  const origin = request.header('origin');
  if (origin === undefined) return undefined;
  if (allowedOrigins.has(origin)) return undefined;
  const originUrl = safeUrl(origin);
  if (!originUrl || !hostAllowed(originUrl.host, allowedHosts)) {
    return `Forbidden: Origin "${origin}" is not allowed (DNS-rebinding protection); expected a local origin or an allowedOrigins entry`;
  }
  return undefined;
}

function hostAllowed(host: string, allowed: Set<string>): boolean {
  const lower = host.toLowerCase();
  if (allowed.has(lower)) return true;
  return allowed.has(hostnameOf(lower));
}

/** `example.com:8080` -> `example.com`; `[::1]:3000` -> `[::1]`. */
function hostnameOf(host: string): string {
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end === -1 ? host : host.slice(0, end + 1);
  }
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

function safeUrl(text: string): URL | undefined {
  return URL.canParse(text) ? new URL(text) : undefined;
}

import { OAuthClientError } from './errors.js';

/** Loopback hosts, the only ones where plain http is allowed (RFC 8252 §7.3, §8.3): local development and tests. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * MCP authorization (security considerations, OAuth 2.1 §1.5): every authorization server endpoint
 * is served over https. An http one (off loopback) is refused before anything is sent to it, so
 * no client secret, code, verifier or refresh token crosses the network in clear, and the user is
 * never sent to an authorization page that anyone on the path could rewrite.
 */
export function requireHttps(url: string, what: string): void {
  const parsed = new URL(url);
  if (parsed.protocol === 'https:') return;
  if (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)) return;
  throw new OAuthClientError(
    'INSECURE_ENDPOINT',
    `The ${what} ${url} is not https: refusing to use it (plain http is allowed on loopback hosts only: ` +
      'localhost, 127.0.0.0/8, [::1])',
    { url, expected: 'https:', actual: parsed.protocol },
  );
}

import type { Scheme } from './challenge.js';

/** What an Authorization header holds, as far as a resource server cares. */
export type Credentials =
  | { kind: 'token'; scheme: Scheme; token: string }
  /** No header, or a scheme this server does not take (e.g. Basic): answered with a plain challenge. */
  | { kind: 'none'; note: string }
  | { kind: 'malformed'; scheme: Scheme | undefined; description: string };

// RFC 6750 §2.1 b64token (token68).
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

export function readCredentials(value: string | undefined): Credentials {
  if (value === undefined || value.trim() === '') {
    return { kind: 'none', note: 'this resource needs an access token (Authorization header)' };
  }
  const match = /^\s*(\S+)(?:\s+(.*))?$/.exec(value);
  const rawScheme = match?.[1] ?? '';
  const lower = rawScheme.toLowerCase();
  const scheme: Scheme | undefined = lower === 'bearer' ? 'Bearer' : lower === 'dpop' ? 'DPoP' : undefined;
  if (scheme === undefined) {
    return {
      kind: 'none',
      note: `the Authorization header uses the ${rawScheme} scheme; this resource takes an access token`,
    };
  }
  const token = (match?.[2] ?? '').trim();
  if (token === '') {
    return {
      kind: 'malformed',
      scheme,
      description: `the Authorization header names the ${scheme} scheme but carries no token`,
    };
  }
  if (!TOKEN68.test(token)) {
    // A comma is what joining two Authorization headers leaves behind.
    const why = token.includes(',')
      ? 'more than one Authorization header, or a token with a comma'
      : 'a token with characters outside the b64token syntax (RFC 6750 §2.1)';
    return { kind: 'malformed', scheme, description: `the Authorization header carries ${why}` };
  }
  return { kind: 'token', scheme, token };
}

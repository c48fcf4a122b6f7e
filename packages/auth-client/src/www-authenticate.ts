/** The parts of a `WWW-Authenticate` challenge an OAuth client acts on (RFC 6750 §3, RFC 9728 §5.1). */
export interface AuthChallenge {
  /** Auth schemes named in the header, lower-cased (`bearer`, `dpop`). */
  schemes: string[];
  /** RFC 9728: where the protected resource metadata is. */
  resourceMetadata?: string;
  /** Space-separated scopes the resource asks for. */
  scope?: string;
  /** `invalid_token`, `insufficient_scope`, `use_dpop_nonce`... */
  error?: string;
  errorDescription?: string;
}

// auth-param = token BWS "=" BWS ( token / quoted-string ); a scheme is a token followed by a space
// or the end of the header, not by "=".
const PARAM = /([A-Za-z0-9_!#$%&'*+.^`|~-]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^\s,]*)/y;
const SCHEME = /([A-Za-z0-9_!#$%&'*+.^`|~-]+)(?=\s|,|$)/y;

/**
 * Reads a `WWW-Authenticate` header. Several challenges may share the header (`DPoP ..., Bearer ...`);
 * the first value of each parameter wins, which is the one of the first challenge that has it.
 */
export function parseWwwAuthenticate(header: string | undefined): AuthChallenge {
  const challenge: AuthChallenge = { schemes: [] };
  if (header === undefined) return challenge;
  const params = new Map<string, string>();
  let index = 0;
  while (index < header.length) {
    const char = header[index];
    if (char === ' ' || char === ',' || char === '\t') {
      index++;
      continue;
    }
    PARAM.lastIndex = index;
    const param = PARAM.exec(header);
    if (param !== null) {
      const raw = param[2] ?? '';
      const value = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
      const name = (param[1] ?? '').toLowerCase();
      if (!params.has(name)) params.set(name, value);
      index = PARAM.lastIndex;
      continue;
    }
    SCHEME.lastIndex = index;
    const scheme = SCHEME.exec(header);
    if (scheme !== null) {
      challenge.schemes.push((scheme[1] ?? '').toLowerCase());
      index = SCHEME.lastIndex;
      continue;
    }
    index++; // a stray character (e.g. token68 padding): skip it
  }
  const set = (key: keyof AuthChallenge, name: string) => {
    const value = params.get(name);
    if (value !== undefined && value !== '') (challenge as unknown as Record<string, string>)[key] = value;
  };
  set('resourceMetadata', 'resource_metadata');
  set('scope', 'scope');
  set('error', 'error');
  set('errorDescription', 'error_description');
  return challenge;
}

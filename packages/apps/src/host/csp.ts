// The Content-Security-Policy of an app's document, built from the `csp` domains its UI resource
// declares (SEP-1865 "Content Security Policy Enforcement"). The sandbox proxy page runs this very
// function (its source is embedded in the page, see sandbox-proxy.ts), so it is self-contained: it
// names nothing outside its own body, not even a helper or a constant of this module.
import type { UiResourceCsp, UiResourcePermissions } from '../shared/index.js';

/**
 * The CSP of an app's document: scripts, styles, images, fonts and media from the sandbox's own
 * origin (inline allowed) and the declared `resourceDomains`; network requests only to the declared
 * `connectDomains` (`'none'` without them); nested frames only from `frameDomains` (`'none'`);
 * `base-uri` from `baseUriDomains` (`'self'`); no plugins (`object-src 'none'`); everything else
 * `'none'`. Called without domains it gives the spec's restrictive default.
 *
 * Each domain must be an `http`, `https`, `ws` or `wss` origin, with an optional `*.` subdomain
 * wildcard, port and path (`https://*.example.com`, `wss://live.example.com:8443`): a keyword
 * (`'unsafe-eval'`), a bare `*` or scheme, or anything with spaces, quotes, `;` or `,` would widen or
 * rewrite the policy, so it throws a `TypeError` naming the list and the entry.
 */
export function buildAppCsp(domains?: UiResourceCsp): string {
  const SOURCE =
    /^(?:https?|wss?):\/\/(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::(?:[0-9]{1,5}|\*))?(?:\/[^\s;,'"]*)?$/i;
  const list = (name: keyof UiResourceCsp): string[] => {
    const value: unknown = domains?.[name];
    if (value === undefined) return [];
    if (!Array.isArray(value))
      throw new TypeError(`csp.${name} must be an array of origins, got ${typeof value}`);
    return value.map((entry: unknown, index: number) => {
      if (typeof entry !== 'string' || !SOURCE.test(entry)) {
        throw new TypeError(
          `csp.${name}[${index}] must be an http(s) or ws(s) origin such as https://*.example.com, got ${JSON.stringify(entry)}`,
        );
      }
      return entry;
    });
  };
  const or = (sources: string[], fallback: string) => (sources.length > 0 ? sources.join(' ') : fallback);
  const resources = list('resourceDomains');
  const withResources = (...own: string[]) => [...own, ...resources].join(' ');
  return [
    "default-src 'none'",
    `script-src ${withResources("'self'", "'unsafe-inline'")}`,
    `style-src ${withResources("'self'", "'unsafe-inline'")}`,
    `img-src ${withResources("'self'", 'data:')}`,
    `font-src ${withResources("'self'")}`,
    `media-src ${withResources("'self'", 'data:')}`,
    `connect-src ${or(list('connectDomains'), "'none'")}`,
    `frame-src ${or(list('frameDomains'), "'none'")}`,
    "object-src 'none'",
    `base-uri ${or(list('baseUriDomains'), "'self'")}`,
  ].join('; ');
}

/**
 * The iframe `allow` attribute (Permissions Policy) granting `permissions`: `camera`, `microphone`,
 * `geolocation`, `clipboard-write`, separated by `; `. Self-contained for the same reason as
 * `buildAppCsp`.
 */
export function buildAllowAttribute(permissions?: UiResourcePermissions): string {
  const features: string[] = [];
  if (permissions?.camera) features.push('camera');
  if (permissions?.microphone) features.push('microphone');
  if (permissions?.geolocation) features.push('geolocation');
  if (permissions?.clipboardWrite) features.push('clipboard-write');
  return features.join('; ');
}

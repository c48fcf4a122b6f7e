import { describe, expect, it } from 'vitest';
import { buildAllowAttribute, buildAppCsp } from './csp.js';

describe('buildAppCsp', () => {
  it("gives the spec's restrictive default without metadata, plus no plugins, frames or foreign base", () => {
    expect(buildAppCsp().split('; ')).toEqual([
      "default-src 'none'",
      "script-src 'self' 'unsafe-inline'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self'",
      "media-src 'self' data:",
      "connect-src 'none'",
      "frame-src 'none'",
      "object-src 'none'",
      "base-uri 'self'",
    ]);
  });

  it('adds each declared list to its directives only', () => {
    const policy = buildAppCsp({
      connectDomains: ['https://api.example.com', 'wss://live.example.com:8443'],
      resourceDomains: ['https://*.cdn.example.com'],
      frameDomains: ['https://www.youtube.com'],
      baseUriDomains: ['https://base.example.com'],
    });
    expect(policy.split('; ')).toEqual([
      "default-src 'none'",
      "script-src 'self' 'unsafe-inline' https://*.cdn.example.com",
      "style-src 'self' 'unsafe-inline' https://*.cdn.example.com",
      "img-src 'self' data: https://*.cdn.example.com",
      "font-src 'self' https://*.cdn.example.com",
      "media-src 'self' data: https://*.cdn.example.com",
      'connect-src https://api.example.com wss://live.example.com:8443',
      'frame-src https://www.youtube.com',
      "object-src 'none'",
      'base-uri https://base.example.com',
    ]);
  });

  it('refuses entries that would widen or rewrite the policy, naming the list and entry', () => {
    for (const entry of [
      "'unsafe-eval'",
      '*',
      'https:',
      'https://a.com; script-src *',
      'https://a.com https://b.com',
      'data:',
    ]) {
      expect(() => buildAppCsp({ connectDomains: ['https://ok.example.com', entry] }), entry).toThrow(
        `csp.connectDomains[1] must be an http(s) or ws(s) origin such as https://*.example.com, got ${JSON.stringify(entry)}`,
      );
    }
    expect(() => buildAppCsp({ resourceDomains: 'https://a.com' as never })).toThrow(
      'csp.resourceDomains must be an array of origins, got string',
    );
  });
});

describe('buildAllowAttribute', () => {
  it('maps requested permissions to Permissions Policy features', () => {
    expect(buildAllowAttribute()).toBe('');
    expect(buildAllowAttribute({ camera: {}, clipboardWrite: {} })).toBe('camera; clipboard-write');
  });
});

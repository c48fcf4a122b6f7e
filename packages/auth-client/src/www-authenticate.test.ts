import { describe, expect, it } from 'vitest';
import { parseWwwAuthenticate } from './www-authenticate.js';

describe('parseWwwAuthenticate', () => {
  it('reads quoted and bare parameters of a Bearer challenge', () => {
    expect(
      parseWwwAuthenticate(
        'Bearer error="insufficient_scope", scope="a b", resource_metadata="https://x/.well-known/oauth-protected-resource", error_description=bad',
      ),
    ).toEqual({
      schemes: ['bearer'],
      error: 'insufficient_scope',
      scope: 'a b',
      resourceMetadata: 'https://x/.well-known/oauth-protected-resource',
      errorDescription: 'bad',
    });
  });

  it('reads several challenges, the first value of a parameter winning, and unescapes quoted pairs', () => {
    expect(
      parseWwwAuthenticate(
        'DPoP error="use_dpop_nonce", algs="ES256", Bearer scope="s \\"q\\"", error="invalid_token"',
      ),
    ).toEqual({
      schemes: ['dpop', 'bearer'],
      error: 'use_dpop_nonce',
      scope: 's "q"',
    });
  });

  it('gives an empty challenge for a missing header or a bare scheme', () => {
    expect(parseWwwAuthenticate(undefined)).toEqual({ schemes: [] });
    expect(parseWwwAuthenticate('Bearer')).toEqual({ schemes: ['bearer'] });
  });
});

import { describe, expect, it } from 'vitest';
import { clientAuthentication } from './grants.js';
import type { AuthorizationServerMetadata } from './metadata.js';

const as = (methods?: string[]): AuthorizationServerMetadata => ({
  issuer: 'https://as.example',
  ...(methods ? { token_endpoint_auth_methods_supported: methods } : {}),
});

describe('token endpoint authentication method', () => {
  it('uses what registration said, else picks from what the AS supports', () => {
    expect(
      clientAuthentication(
        { clientId: 'c', clientSecret: 's', tokenEndpointAuthMethod: 'client_secret_post' },
        as(),
      ).method,
    ).toBe('client_secret_post');
    expect(
      clientAuthentication({ clientId: 'c', clientSecret: 's' }, as(['client_secret_post'])).method,
    ).toBe('client_secret_post');
    expect(
      clientAuthentication(
        { clientId: 'c', clientSecret: 's' },
        as(['client_secret_basic', 'client_secret_post']),
      ).method,
    ).toBe('client_secret_basic');
    // RFC 8414 §2: client_secret_basic when the AS lists nothing.
    expect(clientAuthentication({ clientId: 'c', clientSecret: 's' }, as()).method).toBe(
      'client_secret_basic',
    );
    expect(clientAuthentication({ clientId: 'c' }, as(['client_secret_basic'])).method).toBe('none');
    expect(clientAuthentication({ clientId: 'c', privateKey: 'pem' }, as()).method).toBe('private_key_jwt');
  });
});

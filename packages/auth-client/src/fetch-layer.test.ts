import { describe, expect, it } from 'vitest';
import { authFetchLayer } from './fetch-layer.js';
import type { AuthFetch, AuthFetchResponse, HttpAuthProvider } from './http.js';

/** A 401 answer whose body records whether it was cancelled or read. */
function challenge() {
  const seen = { cancelled: false, read: false };
  const response: AuthFetchResponse = {
    status: 401,
    ok: false,
    headers: { get: (name) => (name === 'www-authenticate' ? 'Bearer' : null) },
    body: {
      cancel: async () => {
        seen.cancelled = true;
      },
    },
    text: async () => {
      seen.read = true;
      return '';
    },
  };
  return { response, seen };
}

describe('authFetchLayer', () => {
  it('drops the challenge body when the provider fails, so the connection is not held (issue 35)', async () => {
    const { response, seen } = challenge();
    const refused = new Error('the token endpoint refused the client');
    const provider: HttpAuthProvider = {
      headersFor: async () => ({}),
      challenged: async () => {
        throw refused;
      },
    };
    const next: AuthFetch = async () => response;
    await expect(authFetchLayer(provider)(next)('http://127.0.0.1:9/mcp')).rejects.toBe(refused);
    expect(seen).toEqual({ cancelled: true, read: false });
  });
});

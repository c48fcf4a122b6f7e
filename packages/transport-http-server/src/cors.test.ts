import { describe, expect, it } from 'vitest';
import { ADAPTERS, useAdapter } from './test-helpers/adapters.js';
import { BASE, initializeMessage, postRequest } from './test-helpers/http.js';
import { harness } from './test-helpers/setup.js';

describe.each(ADAPTERS)('on the %s adapter', (adapter) => {
  useAdapter(adapter);

  describe('CORS (opt-in)', () => {
    it('answers preflights from allowed origins with the methods of the path', async () => {
      const { handler } = harness({ cors: true, allowedOrigins: ['https://app.example.com'] });
      const response = await handler(
        new Request(`${BASE}/mcp`, {
          method: 'OPTIONS',
          headers: {
            host: 'localhost',
            origin: 'https://app.example.com',
            'access-control-request-method': 'POST',
          },
        }),
      );
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
      expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, DELETE');
      expect(response.headers.get('access-control-allow-headers')).toContain('mcp-session-id');
    });

    it('allows the 2026-07-28 request headers, including the Mcp-Param-* names a preflight asks for', async () => {
      const { handler } = harness({ cors: true });
      const response = await handler(
        new Request(`${BASE}/mcp`, {
          method: 'OPTIONS',
          headers: {
            host: 'localhost',
            origin: 'http://localhost:5173',
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'mcp-method, Mcp-Name, Mcp-Param-Region, x-other',
          },
        }),
      );
      const allowed = response.headers.get('access-control-allow-headers')!.split(', ');
      expect(allowed).toEqual(expect.arrayContaining(['mcp-method', 'mcp-name', 'mcp-param-region']));
      expect(allowed).not.toContain('x-other');
    });

    it('exposes the session header to allowed origins and nothing to refused ones', async () => {
      const { handler } = harness({ cors: true });
      const ok = await handler(postRequest(initializeMessage(), { origin: 'http://localhost:5173' }));
      expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(ok.headers.get('access-control-expose-headers')).toContain('mcp-session-id');
      expect(ok.headers.get('mcp-session-id')).toBeTruthy();
      const refused = await handler(postRequest(initializeMessage(), { origin: 'https://evil.example.com' }));
      expect(refused.status).toBe(403);
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('is off by default: OPTIONS gets 405', async () => {
      const { handler } = harness();
      const response = await handler(
        new Request(`${BASE}/mcp`, {
          method: 'OPTIONS',
          headers: { host: 'localhost', origin: 'http://localhost' },
        }),
      );
      expect(response.status).toBe(405);
    });
  });
});

import { describe, expect, it } from 'vitest';
import { AuthError } from './errors.js';
import { createResourceServer } from './resource-server.js';
import { ISSUER, RESOURCE } from './test-helpers/authority.js';
import { webAuthenticate } from './web.js';

const rs = createResourceServer({
  resource: RESOURCE,
  authorizationServers: [ISSUER],
  verifier: {
    async verify(token) {
      if (token !== 'good') throw new AuthError('invalid_token', 'bad token');
      return { audience: [RESOURCE], scopes: ['mcp'], claims: {}, subject: 'alice' };
    },
  },
  scopes: { tools: { deploy: ['deploy'] } },
});

function post(body: string): Request {
  return new Request(RESOURCE, { method: 'POST', headers: { authorization: 'Bearer good' }, body });
}

const call = (id: number, name: string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name } });

describe('webAuthenticate', () => {
  it('turns a refusal into a Response', async () => {
    const response = (await webAuthenticate(rs)(
      new Request(RESOURCE, { method: 'POST', body: '{}' }),
    )) as Response;
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('resource_metadata=');
  });

  it('refuses a batch holding one call the token lacks the scope for, and leaves the body readable', async () => {
    const request = post(JSON.stringify([call(1, 'echo'), call(2, 'deploy')]));
    const refused = (await webAuthenticate(rs)(request)) as Response;
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toContain('scope="deploy"');
    const allowed = post(JSON.stringify(call(1, 'echo')));
    expect(await webAuthenticate(rs)(allowed)).toMatchObject({ subject: 'alice' });
    // The handler reads the original body after the hook read a clone.
    expect(JSON.parse(await allowed.text())).toEqual(call(1, 'echo'));
  });

  it('lets a body that is not JSON through (the handler answers -32700), and refuses one over the read limit', async () => {
    expect(await webAuthenticate(rs)(post('{not json'))).toMatchObject({ subject: 'alice' });
    const big = post(JSON.stringify({ ...call(1, 'deploy'), pad: 'x'.repeat(2_000) }));
    const response = (await webAuthenticate(rs, { maxBodyBytes: 1_000 })(big)) as Response;
    expect(response.status).toBe(413);
    expect((await response.json()).error_description).toBe(
      'the body is larger than 1000 bytes, the most read to check the scopes of its calls',
    );
  });
});

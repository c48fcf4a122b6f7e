import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asMetadataLocations, discover, resourceCovers } from './discovery.js';
import { globalFetch } from './http.js';
import { type MockServer, startMockServer } from './test-helpers/mock-oauth.js';

let server: MockServer;
beforeEach(async () => {
  server = await startMockServer();
});
afterEach(async () => {
  await server.close();
});

const json = (body: unknown) => () => ({ status: 200, body });

describe('discovery', () => {
  it('tries the AS metadata URIs in the spec order for an issuer with a path', () => {
    expect(asMetadataLocations('https://as.example/tenant1')).toEqual([
      'https://as.example/.well-known/oauth-authorization-server/tenant1',
      'https://as.example/.well-known/openid-configuration/tenant1',
      'https://as.example/tenant1/.well-known/openid-configuration',
    ]);
    expect(asMetadataLocations('https://as.example')).toEqual([
      'https://as.example/.well-known/oauth-authorization-server',
      'https://as.example/.well-known/openid-configuration',
    ]);
  });

  it('accepts a PRM resource that is the server or a path prefix of it on the same origin, nothing else', () => {
    expect(resourceCovers('https://rs.example/mcp', 'https://rs.example/mcp')).toBe(true);
    expect(resourceCovers('https://rs.example', 'https://rs.example/mcp')).toBe(true);
    expect(resourceCovers('https://rs.example/mc', 'https://rs.example/mcp')).toBe(false);
    expect(resourceCovers('https://rs.example:8443/mcp', 'https://rs.example/mcp')).toBe(false);
    expect(resourceCovers('https://evil.example/mcp', 'https://rs.example/mcp')).toBe(false);
  });

  it('falls back from a dead resource_metadata URL to the path-based then root well-known PRM, and finds OpenID metadata', async () => {
    server.routes.set(
      'GET /.well-known/oauth-protected-resource',
      json({ resource: server.url, authorization_servers: [`${server.url}/tenant1`] }),
    );
    server.routes.set(
      'GET /tenant1/.well-known/openid-configuration',
      json({ issuer: `${server.url}/tenant1`, token_endpoint: `${server.url}/tenant1/token` }),
    );
    const found = await discover(globalFetch(), `${server.url}/mcp`, `${server.url}/gone`);
    expect(server.requests.map((request) => request.path)).toEqual([
      '/gone',
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-authorization-server/tenant1',
      '/.well-known/openid-configuration/tenant1',
      '/tenant1/.well-known/openid-configuration',
    ]);
    expect(found).toMatchObject({
      resource: server.url,
      issuer: `${server.url}/tenant1`,
      defaultEndpoints: false,
    });
  });

  it('without PRM or AS metadata uses the 2025-03-26 default endpoints at the server origin', async () => {
    const found = await discover(globalFetch(), `${server.url}/mcp`, undefined);
    expect(found.defaultEndpoints).toBe(true);
    expect(found.authorizationServer.token_endpoint).toBe(`${server.url}/token`);
    expect(found.resource).toBe(`${server.url}/mcp`);
  });

  it('reports a server error during discovery instead of guessing', async () => {
    server.routes.set('GET /.well-known/oauth-protected-resource/mcp', () => ({ status: 503, body: {} }));
    await expect(discover(globalFetch(), `${server.url}/mcp`, undefined)).rejects.toMatchObject({
      code: 'DISCOVERY_FAILED',
      status: 503,
    });
  });
});

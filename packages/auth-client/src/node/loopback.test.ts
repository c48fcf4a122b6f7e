import { afterEach, describe, expect, it } from 'vitest';
import { authFetchLayer } from '../fetch-layer.js';
import { globalFetch } from '../http.js';
import { OAuthClientProvider } from '../provider.js';
import {
  type MockServer,
  playAuthorizationServer,
  playResourceServer,
  startMockServer,
} from '../test-helpers/mock-oauth.js';
import { type LoopbackRedirect, startLoopbackRedirect } from './index.js';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of cleanup.splice(0)) await close();
});

async function servers(): Promise<[MockServer, MockServer]> {
  const as = await startMockServer();
  const rs = await startMockServer();
  cleanup.push(as.close, rs.close);
  return [as, rs];
}

describe('startLoopbackRedirect', () => {
  it('receives the redirect on 127.0.0.1 and hands it to the authorization code flow', async () => {
    const [as, rs] = await servers();
    playAuthorizationServer(as);
    playResourceServer(rs, as);
    const shown: URL[] = [];
    // The "browser": follows the AS redirect to the loopback receiver, as a user's browser would.
    const loopback: LoopbackRedirect = await startLoopbackRedirect({
      open: async (url) => {
        shown.push(url);
        const page = await fetch(url);
        expect(page.status).toBe(200);
      },
    });
    cleanup.push(loopback.close);
    expect(loopback.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);

    const provider = new OAuthClientProvider({
      serverUrl: `${rs.url}/mcp`,
      redirectUri: loopback.redirectUri,
      authorize: loopback.authorize,
    });
    const response = await authFetchLayer(provider)(globalFetch())(`${rs.url}/mcp`, {
      method: 'POST',
      body: '{}',
    });

    expect(response.status).toBe(200);
    expect(shown[0]?.searchParams.get('redirect_uri')).toBe(loopback.redirectUri);
    expect(as.requests.find((request) => request.path === '/register')?.json?.redirect_uris).toEqual([
      loopback.redirectUri,
    ]);
  });

  it('answers 404 to a redirect no authorization waits for, and fails a wait when closed', async () => {
    const loopback = await startLoopbackRedirect({ open: () => undefined, timeoutMs: 60_000 });
    const stray = await fetch(`${loopback.redirectUri}?code=x&state=unknown`);
    expect(stray.status).toBe(404);
    const waiting = loopback.authorize({
      url: new URL('http://127.0.0.1:9/authorize'),
      redirectUri: loopback.redirectUri,
      state: 's',
    });
    await loopback.close();
    await expect(waiting).rejects.toThrow(/was closed/);
  });

  it('stops waiting, and says why, when the URL cannot be shown', async () => {
    const loopback = await startLoopbackRedirect({
      open: () => {
        throw new Error('no browser');
      },
    });
    cleanup.push(loopback.close);
    const waiting = loopback.authorize({
      url: new URL('http://127.0.0.1:9/authorize'),
      redirectUri: loopback.redirectUri,
      state: 's',
    });
    await expect(waiting).rejects.toThrow('no browser');
  });
});

// The auth examples as three processes on 127.0.0.1: the demo authorization server, the resource
// server that trusts it, and the client credentials client that gets a token and calls a tool.
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, run, start, startHttpServer, stopAll, waitForOutput } from './processes.js';

const script = (name: string) => fileURLToPath(new URL(`../dist/${name}.js`, import.meta.url));

afterEach(() => stopAll());

async function startBoth() {
  const as = start([script('auth-demo-authorization-server')], { env: { PORT: '0' } });
  const [, issuer] = await waitForOutput(as, /Authorization server: (http:\/\/127\.0\.0\.1:\d+)/);
  const rs = await startHttpServer([script('auth-resource-server')], {
    env: { AUTH_SERVER: issuer!, PORT: String(await freePort()) },
  });
  return rs.url;
}

describe('auth examples', () => {
  it('the client credentials client gets a token and calls the protected tool', async () => {
    const url = await startBoth();
    const { code, output } = await run([script('auth-client-credentials')], { env: { MCP_URL: url.href } });
    expect(output).toContain('client demo-client with scopes mcp\n');
    expect(code).toBe(0);
  });

  it('the resource server refuses a request without a token, saying where to get one', async () => {
    const url = await startBoth();
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(answer.status).toBe(401);
    const challenge = answer.headers.get('www-authenticate');
    expect(challenge).toContain(`resource_metadata="${url.origin}/.well-known/oauth-protected-resource/mcp"`);
  });

  it('a client with the wrong secret gets no token and fails', async () => {
    const url = await startBoth();
    const { code, output } = await run([script('auth-client-credentials')], {
      env: { MCP_URL: url.href, CLIENT_SECRET: 'wrong' },
    });
    expect(code).not.toBe(0);
    expect(output).toContain('invalid_client');
  });
});

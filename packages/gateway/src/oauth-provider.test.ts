// HTTP -> stdio with an OAuth login against a real OpenID Provider: the project's authorization
// server fixture (oidc-provider, apps/integration-tests/src/auth/fixtures, its own process on
// 127.0.0.1) in front of our echo server as a resource server of @mcpkit/auth-server. The gateway's
// CLI registers itself, the "user" signs in on the provider's development pages (walked with fetch),
// the code comes back to the gateway's loopback receiver, and the call goes through with the token.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createResourceServer,
  handlerAuth,
  jwtVerifier,
  type ResourceServer,
  withProtectedResourceMetadata,
} from '@mcpkit/auth-server';
import { createEchoServer } from '@mcpkit/echo-server';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { StdioClientTransport } from '@mcpkit/transport-stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { Cleanup, connectClient } from './test-helpers/processes.js';

const BIN = fileURLToPath(new URL('../bin/mcpkit-gateway.mjs', import.meta.url));
const PROVIDER = fileURLToPath(
  new URL(
    '../../../apps/integration-tests/src/auth/fixtures/oidc-authorization-code-server.mjs',
    import.meta.url,
  ),
);
const cleanup = new Cleanup();
afterEach(() => cleanup.run());

/** Starts the provider for `resource`; resolves with its issuer once it listens. */
async function startProvider(resource: string): Promise<string> {
  const child: ChildProcess = cleanup.add(
    spawn(process.execPath, [PROVIDER, resource], { stdio: ['ignore', 'pipe', 'pipe'] }),
    (c) => c.kill(),
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /\{"issuer":"[^"]+"\}/.exec(output);
      if (match) resolve((JSON.parse(match[0]) as { issuer: string }).issuer);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the provider exited with ${code}: ${output}`)));
  });
}

/**
 * The user in a browser, headless: opens the sign-in link, signs in on the provider's login page,
 * confirms consent, and follows redirects until one leaves the provider (the gateway's loopback
 * receiver), which it opens too.
 */
async function signIn(link: string, issuer: string): Promise<void> {
  const cookies = new Map<string, string>();
  let next = new URL(link);
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (next.origin !== new URL(issuer).origin) {
      const back = await fetch(next);
      await back.text();
      return;
    }
    const response = await fetch(next, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: form.toString() } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      cookies.set(pair.slice(0, pair.indexOf('=')).trim(), pair.slice(pair.indexOf('=') + 1).trim());
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      next = new URL(location, next);
      form = undefined;
      continue;
    }
    const page = await response.text();
    if (response.status !== 200)
      throw new Error(`${next} answered ${response.status}: ${page.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (action === undefined) throw new Error(`${next} shows no form: ${page.slice(0, 300)}`);
    next = new URL(action.replaceAll('&amp;', '&'), next);
    form = page.includes('name="prompt" value="login"')
      ? new URLSearchParams({ prompt: 'login', login: 'ada', password: 'any' })
      : new URLSearchParams({ prompt: 'consent' });
  }
  throw new Error(`no redirect away from ${issuer} after 20 hops, last at ${next}`);
}

describe('HTTP -> stdio with an OAuth login against a real OpenID Provider', () => {
  it('registers, signs the user in through the loopback redirect, and calls with the token', async () => {
    let rs: ResourceServer | undefined;
    const handler = createStreamableHttpHandler({
      server: createEchoServer(),
      ...handlerAuth({
        authenticate: (head) => rs!.authenticate(head),
        checkScopes: (authInfo, method, params) => rs!.checkScopes(authInfo, method, params),
      }),
    });
    const mcp = cleanup.add(
      await serve(
        withProtectedResourceMetadata({ metadataReply: (head) => rs!.metadataReply(head) }, handler),
      ),
      (handle) => handle.close(),
    );
    const endpoint = new URL('/mcp', mcp.url).href;
    const issuer = await startProvider(endpoint);
    rs = createResourceServer({
      resource: endpoint,
      authorizationServers: [issuer],
      requiredScopes: ['mcp'],
      verifier: jwtVerifier({ issuer, jwks: `${issuer}/jwks`, typ: 'at+jwt' }),
    });

    const dir = mkdtempSync(join(tmpdir(), 'mcpkit-gateway-oidc-'));
    const config = join(dir, 'gateway.json');
    writeFileSync(
      config,
      JSON.stringify({
        upstream: { url: endpoint, oauth: { tokenFile: join(dir, 'tokens.json'), openBrowser: false } },
      }),
    );
    const signIns: Promise<void>[] = [];
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, config],
      onstderr: (text) => {
        const link = /sign in to \S+ at (\S+)/.exec(text)?.[1];
        if (link !== undefined) signIns.push(signIn(link, issuer));
      },
    });
    const client = await connectClient(cleanup, transport, { protocolVersion: '2025-11-25' });
    const echoed = await client.callTool({ name: 'echo', arguments: { message: 'signed in at a provider' } });
    expect(echoed.content).toEqual([{ type: 'text', text: 'signed in at a provider' }]);
    expect(signIns).toHaveLength(1);
    await signIns[0];
  });
});

// A small authorization server and an OAuth-protected echo server on 127.0.0.1, for the login tests.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEchoServer } from '@mcpkit/echo-server';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { toNodeHandler } from '@mcpkit/transport-http-server/node';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** What the authorization server saw: each authorize request and each token grant. */
export interface OAuthRecord {
  authorizations: number;
  grants: string[];
  /** Access tokens the resource server accepts; delete one to make it refuse it (a revocation). */
  accepted: Set<string>;
}

/**
 * An authorization server (metadata, dynamic registration, an authorize endpoint that approves at
 * once, a token endpoint with PKCE and refresh tokens) and the echo server behind it as an MCP
 * resource server that accepts only the tokens it issued.
 */
export async function startOAuthServers(): Promise<{
  mcpUrl: string;
  record: OAuthRecord;
  close(): Promise<void>;
}> {
  const record: OAuthRecord = { authorizations: 0, grants: [], accepted: new Set() };
  const challenges = new Map<string, string>();
  let counter = 0;
  let asUrl = '';
  const as = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const route = `${request.method} ${url.pathname}`;
    if (route === 'GET /.well-known/oauth-authorization-server') {
      return json(200, {
        issuer: asUrl,
        authorization_endpoint: `${asUrl}/authorize`,
        token_endpoint: `${asUrl}/token`,
        registration_endpoint: `${asUrl}/register`,
        code_challenge_methods_supported: ['S256'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
      });
    }
    if (route === 'POST /register') {
      const metadata = JSON.parse(await bodyOf(request)) as Record<string, unknown>;
      return json(201, { ...metadata, client_id: `client-${++counter}` });
    }
    if (route === 'GET /authorize') {
      record.authorizations++;
      const code = `code-${++counter}`;
      challenges.set(code, url.searchParams.get('code_challenge') ?? '');
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      return response.writeHead(302, { location: back.href }).end();
    }
    if (route === 'POST /token') {
      const form = new URLSearchParams(await bodyOf(request));
      const grant = form.get('grant_type') ?? '';
      record.grants.push(grant);
      if (grant === 'authorization_code') {
        const verifier = createHash('sha256')
          .update(form.get('code_verifier') ?? '')
          .digest('base64url');
        if (challenges.get(form.get('code') ?? '') !== verifier) return json(400, { error: 'invalid_grant' });
      }
      const token = `at-${++counter}`;
      record.accepted.add(token);
      return json(200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: `rt-${counter}`,
      });
    }
    return json(404, { error: 'not_found' });
  });
  asUrl = await listen(as);

  let rsUrl = '';
  const mcp = toNodeHandler(
    createStreamableHttpHandler({
      server: createEchoServer(),
      authenticate: (head) => {
        const token = /^Bearer (.+)$/.exec(head.header('authorization') ?? '')?.[1];
        if (token !== undefined && record.accepted.has(token))
          return { token, clientId: 'gateway', scopes: [] };
        return {
          status: 401,
          headers: {
            'www-authenticate': `Bearer resource_metadata="${rsUrl}/.well-known/oauth-protected-resource/mcp"`,
          },
          body: '',
        };
      },
    }),
  );
  const rs = createServer((request, response) => {
    if (request.url === '/.well-known/oauth-protected-resource/mcp') {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ resource: `${rsUrl}/mcp`, authorization_servers: [asUrl] }));
      return;
    }
    void mcp(request, response);
  });
  rsUrl = await listen(rs);
  return {
    mcpUrl: `${rsUrl}/mcp`,
    record,
    close: () => Promise.all([close(as), close(rs)]).then(() => undefined),
  };
}

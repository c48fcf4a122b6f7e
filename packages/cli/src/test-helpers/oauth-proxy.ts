// One server on 127.0.0.1 that plays an OAuth authorization server (metadata, dynamic registration,
// an authorize endpoint that redirects at once, a token endpoint checking PKCE) and an MCP resource
// server at /mcp that answers 401 without the issued token and otherwise forwards to an upstream
// MCP endpoint (the echo server), so the CLI's --oauth can be run end to end.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The running server and what it saw. */
export interface OAuthProxy {
  /** The MCP endpoint to give the CLI. */
  mcpUrl: string;
  /** Paths requested, in order (e.g. `POST /register`), for assertions. */
  seen: string[];
  close(): Promise<void>;
}

const TOKEN = 'cli-test-access-token';

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** Starts the server in front of `upstream` (an MCP endpoint URL). */
export async function startOAuthProxy(upstream: string): Promise<OAuthProxy> {
  const seen: string[] = [];
  const challenges = new Map<string, string>();
  let origin = '';
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', origin);
    seen.push(`${request.method} ${url.pathname}`);
    const body = await readBody(request);
    const route = `${request.method} ${url.pathname}`;
    if (route === 'GET /.well-known/oauth-protected-resource/mcp') {
      return sendJson(response, 200, { resource: `${origin}/mcp`, authorization_servers: [origin] });
    }
    if (route === 'GET /.well-known/oauth-authorization-server') {
      return sendJson(response, 200, {
        issuer: origin,
        authorization_endpoint: `${origin}/authorize`,
        token_endpoint: `${origin}/token`,
        registration_endpoint: `${origin}/register`,
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (route === 'POST /register') {
      const metadata = JSON.parse(body) as Record<string, unknown>;
      return sendJson(response, 201, {
        ...metadata,
        client_id: 'cli-test-client',
        token_endpoint_auth_method: 'none',
      });
    }
    if (route === 'GET /authorize') {
      const code = `code-${challenges.size + 1}`;
      challenges.set(code, url.searchParams.get('code_challenge') ?? '');
      const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
      redirect.searchParams.set('code', code);
      redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: redirect.href }).end();
      return;
    }
    if (route === 'POST /token') {
      const form = new URLSearchParams(body);
      const challenge = challenges.get(form.get('code') ?? '');
      const verifier = createHash('sha256')
        .update(form.get('code_verifier') ?? '')
        .digest('base64url');
      if (challenge === undefined || challenge !== verifier) {
        return sendJson(response, 400, {
          error: 'invalid_grant',
          error_description: 'PKCE verification failed',
        });
      }
      return sendJson(response, 200, { access_token: TOKEN, token_type: 'Bearer', expires_in: 3600 });
    }
    if (url.pathname === '/mcp') {
      if (request.headers.authorization !== `Bearer ${TOKEN}`) {
        const metadata = `${origin}/.well-known/oauth-protected-resource/mcp`;
        return sendJson(
          response,
          401,
          { error: 'invalid_token' },
          { 'www-authenticate': `Bearer resource_metadata="${metadata}"` },
        );
      }
      return forward(request, response, body, upstream);
    }
    sendJson(response, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    mcpUrl: `${origin}/mcp`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends the request on to the upstream MCP endpoint and streams its answer back. */
async function forward(request: IncomingMessage, response: ServerResponse, body: string, upstream: string) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (
      typeof value === 'string' &&
      !['host', 'authorization', 'content-length', 'connection'].includes(name)
    ) {
      headers.set(name, value);
    }
  }
  const abort = new AbortController();
  response.once('close', () => abort.abort());
  try {
    const answer = await fetch(upstream, {
      method: request.method ?? 'GET',
      headers,
      signal: abort.signal,
      ...(request.method === 'POST' ? { body } : {}),
    });
    const copied: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'transfer-encoding' && name !== 'connection')
        copied[name] = value;
    });
    response.writeHead(answer.status, copied);
    const reader = answer.body?.getReader();
    for (let part = await reader?.read(); part && !part.done; part = await reader?.read())
      response.write(part.value);
    response.end();
  } catch (error) {
    // The client went away (abort) or the upstream failed: end this answer; the CLI sees the outcome.
    response.destroy(error as Error);
  }
}

// Small real servers on 127.0.0.1 playing authorization server and MCP resource server, for the
// package's tests. They record every request so tests can assert what the client sent where.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  json: Record<string, unknown> | undefined;
  headers: IncomingMessage['headers'];
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

type Handler = (request: Recorded) => Reply | Promise<Reply>;

export interface MockServer {
  url: string;
  requests: Recorded[];
  /** Routes by `METHOD /path`; a test may replace any of them. */
  routes: Map<string, Handler>;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
}

export async function startMockServer(): Promise<MockServer> {
  const routes = new Map<string, Handler>();
  const requests: Recorded[] = [];
  const server: Server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const text = await readBody(request);
    const type = request.headers['content-type'] ?? '';
    const recorded: Recorded = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      form: new URLSearchParams(type.includes('urlencoded') ? text : ''),
      json: type.includes('json') && text !== '' ? (JSON.parse(text) as Record<string, unknown>) : undefined,
      headers: request.headers,
    };
    requests.push(recorded);
    const handler = routes.get(`${recorded.method} ${recorded.path}`);
    const reply = handler ? await handler(recorded) : { status: 404, body: { error: 'not_found' } };
    response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    response.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    routes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** Installs a working authorization server: metadata, DCR, an authorize endpoint that redirects at once, and a token endpoint with PKCE. */
export function playAuthorizationServer(
  as: MockServer,
  metadata: Record<string, unknown> = {},
): { issued: string[] } {
  const issued: string[] = [];
  const challenges = new Map<string, string>();
  let counter = 0;
  as.routes.set('GET /.well-known/oauth-authorization-server', () => ({
    status: 200,
    body: {
      issuer: as.url,
      authorization_endpoint: `${as.url}/authorize`,
      token_endpoint: `${as.url}/token`,
      registration_endpoint: `${as.url}/register`,
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
      ...metadata,
    },
  }));
  as.routes.set('POST /register', (request) => ({
    status: 201,
    body: { client_id: `client-of-${as.url}`, redirect_uris: request.json?.redirect_uris },
  }));
  as.routes.set('GET /authorize', (request) => {
    const code = `code-${++counter}`;
    challenges.set(code, request.query.get('code_challenge') ?? '');
    const redirect = new URL(request.query.get('redirect_uri') ?? '');
    redirect.searchParams.set('code', code);
    redirect.searchParams.set('state', request.query.get('state') ?? '');
    redirect.searchParams.set('iss', as.url);
    return { status: 302, headers: { location: redirect.href } };
  });
  as.routes.set('POST /token', (request) => {
    const grant = request.form.get('grant_type');
    if (grant === 'authorization_code') {
      const challenge = challenges.get(request.form.get('code') ?? '');
      if (challenge === undefined || s256(request.form.get('code_verifier') ?? '') !== challenge) {
        return {
          status: 400,
          body: { error: 'invalid_grant', error_description: 'PKCE verification failed' },
        };
      }
    }
    const token = `at-${++counter}`;
    issued.push(token);
    const scope = request.form.get('scope') ?? request.query.get('scope') ?? undefined;
    return {
      status: 200,
      body: {
        access_token: token,
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: `rt-${counter}`,
        ...(scope ? { scope } : {}),
      },
    };
  });
  return { issued };
}

/** Installs a resource server at `/mcp` whose PRM names `as`; `accept` decides per request (default: any issued token). */
export function playResourceServer(
  rs: MockServer,
  as: MockServer,
  accept: (request: Recorded) => Reply | undefined = (request) =>
    request.headers.authorization === undefined ? undefined : { status: 200, body: { ok: true } },
  prm: Record<string, unknown> = {},
): void {
  rs.routes.set('GET /.well-known/oauth-protected-resource/mcp', () => ({
    status: 200,
    body: { resource: `${rs.url}/mcp`, authorization_servers: [as.url], ...prm },
  }));
  rs.routes.set('POST /mcp', (request) => {
    const reply = accept(request);
    if (reply !== undefined) return reply;
    return {
      status: 401,
      headers: {
        'www-authenticate': `Bearer resource_metadata="${rs.url}/.well-known/oauth-protected-resource/mcp"`,
      },
      body: { error: 'invalid_token' },
    };
  });
}

/** The user step for tests: the mock AS redirects at once, so read the Location. */
export async function followRedirect({ url }: { url: URL }): Promise<URL> {
  const response = await fetch(url, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (location === null) throw new Error(`no redirect from ${url.href}: HTTP ${response.status}`);
  return new URL(location);
}

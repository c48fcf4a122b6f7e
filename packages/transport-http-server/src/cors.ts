import { HttpHeader } from '@mcpkit/protocol';

const ALLOWED_HEADERS = [
  'content-type',
  'accept',
  'authorization',
  HttpHeader.SessionId,
  HttpHeader.ProtocolVersion,
  HttpHeader.LastEventId,
  HttpHeader.Method,
  HttpHeader.Name,
];
const EXPOSED_HEADERS = [HttpHeader.SessionId, HttpHeader.ProtocolVersion, 'www-authenticate'].join(', ');

/** Answers a CORS preflight (the Origin was already checked against the allowed origins). */
export function preflight(request: Request, allow: string[]): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(request),
      'access-control-allow-methods': allow.join(', '),
      'access-control-allow-headers': allowedHeaders(request),
      'access-control-max-age': '600',
    },
  });
}

/**
 * The fixed MCP headers plus the `Mcp-Param-*` headers the preflight asks for: their names come from
 * tool schemas (`x-mcp-header`, 2026-07-28), so they cannot be listed in advance, and `*` would not
 * cover requests with credentials.
 */
function allowedHeaders(request: Request): string {
  const requested = request.headers.get('access-control-request-headers') ?? '';
  const params = requested
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name.startsWith(HttpHeader.ParamPrefix) && /^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(name));
  return [...ALLOWED_HEADERS, ...new Set(params)].join(', ');
}

/** Lets a browser page from an allowed Origin read the response and its session headers. */
export function withCors(request: Request, response: Response): Response {
  if (!request.headers.has('origin')) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(corsHeaders(request))) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function corsHeaders(request: Request): Record<string, string> {
  return {
    'access-control-allow-origin': request.headers.get('origin') ?? '*',
    'access-control-expose-headers': EXPOSED_HEADERS,
    vary: 'origin',
  };
}

import { HttpHeader } from '@mcpkit/protocol';
import type { HttpExchange, Reply } from './exchange.js';

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
export function preflight(request: HttpExchange, allow: readonly string[]): Reply {
  return {
    status: 204,
    headers: {
      ...corsHeaders(request),
      'access-control-allow-methods': allow.join(', '),
      'access-control-allow-headers': allowedHeaders(request),
      'access-control-max-age': '600',
    },
  };
}

/**
 * The fixed MCP headers plus the `Mcp-Param-*` headers the preflight asks for: their names come from
 * tool schemas (`x-mcp-header`, 2026-07-28), so they cannot be listed in advance, and `*` would not
 * cover requests with credentials.
 */
function allowedHeaders(request: HttpExchange): string {
  const requested = request.header('access-control-request-headers') ?? '';
  const params = requested
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name.startsWith(HttpHeader.ParamPrefix) && /^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(name));
  return [...ALLOWED_HEADERS, ...new Set(params)].join(', ');
}

/** Lets a browser page from an allowed Origin read the response and its session headers. */
export function withCors(request: HttpExchange, reply: Reply): Reply {
  if (request.header('origin') === undefined) return reply;
  return { ...reply, headers: { ...reply.headers, ...corsHeaders(request) } };
}

function corsHeaders(request: HttpExchange): Record<string, string> {
  return {
    'access-control-allow-origin': request.header('origin') ?? '*',
    'access-control-expose-headers': EXPOSED_HEADERS,
    vary: 'origin',
  };
}

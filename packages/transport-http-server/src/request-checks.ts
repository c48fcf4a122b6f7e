import { ErrorCode } from '@mcpkit/protocol';
import type { BodyRefusal, HttpExchange, Reply } from './exchange.js';
import { rejection } from './http-errors.js';

/** Whether an Accept header value lists `type` (or a wildcard covering it). */
export function accepts(header: string | undefined, type: string): boolean {
  if (!header) return false;
  const major = type.slice(0, type.indexOf('/'));
  return header.split(',').some((part) => {
    const media = part.split(';')[0]!.trim().toLowerCase();
    return media === type || media === '*/*' || media === `${major}/*`;
  });
}

/** The Accept value MCP clients send; it needs no parsing. */
const MCP_POST_ACCEPT = 'application/json, text/event-stream';

export function requirePostAccept(request: HttpExchange): Reply | undefined {
  const accept = request.header('accept');
  if (accept === MCP_POST_ACCEPT) return undefined;
  if (accepts(accept, 'application/json') && accepts(accept, 'text/event-stream')) return undefined;
  return rejection(
    406,
    `Not Acceptable: a POST must send an Accept header listing both application/json and text/event-stream (got ${JSON.stringify(accept ?? null)})`,
  );
}

export function requireSseAccept(request: HttpExchange): Reply | undefined {
  const accept = request.header('accept');
  if (accepts(accept, 'text/event-stream')) return undefined;
  return rejection(
    406,
    `Not Acceptable: a GET must send an Accept header listing text/event-stream (got ${JSON.stringify(accept ?? null)})`,
  );
}

export function requireJsonContentType(request: HttpExchange): Reply | undefined {
  const type = request.header('content-type');
  if (type === 'application/json') return undefined;
  const media = type?.split(';')[0]?.trim().toLowerCase();
  if (media === 'application/json') return undefined;
  return rejection(
    415,
    `Unsupported Media Type: the body must be Content-Type application/json (got ${JSON.stringify(type ?? null)})`,
  );
}

export function methodNotAllowed(method: string, allow: readonly string[]): Reply {
  return rejection(405, `Method Not Allowed: ${method} is not supported here; use ${allow.join(', ')}`, {
    headers: { allow: allow.join(', ') },
  });
}

/** 413: the body passed `maxBodyBytes`. Adapters refuse it as soon as they count that many bytes. */
export function bodyTooLarge(limit: number): BodyRefusal {
  return {
    refused: rejection(413, `Payload Too Large: the body exceeds the limit of ${limit} bytes`, {
      data: { limitBytes: limit },
    }),
  };
}

/** 400 (-32700) for a body that is not UTF-8, in the words the stdio transport uses. */
export function bodyNotUtf8(byteLength: number): BodyRefusal {
  return {
    refused: rejection(
      400,
      `Unreadable input from the client: a body of ${byteLength} bytes is not valid UTF-8`,
      { code: ErrorCode.ParseError },
    ),
  };
}

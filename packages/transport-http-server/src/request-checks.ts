import { ErrorCode } from '@mcpkit/protocol';
import { rejection } from './http-errors.js';

/** Refuses bytes that are not UTF-8 rather than replacing them with U+FFFD, as stdio does. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Whether the Accept header lists `type` (or a wildcard covering it). */
export function accepts(request: Request, type: string): boolean {
  const header = request.headers.get('accept');
  if (!header) return false;
  const [major] = type.split('/');
  return header.split(',').some((part) => {
    const media = part.split(';')[0]!.trim().toLowerCase();
    return media === type || media === '*/*' || media === `${major}/*`;
  });
}

export function requirePostAccept(request: Request): Response | undefined {
  if (accepts(request, 'application/json') && accepts(request, 'text/event-stream')) return undefined;
  return rejection(
    406,
    `Not Acceptable: a POST must send an Accept header listing both application/json and text/event-stream (got ${JSON.stringify(request.headers.get('accept'))})`,
  );
}

export function requireSseAccept(request: Request): Response | undefined {
  if (accepts(request, 'text/event-stream')) return undefined;
  return rejection(
    406,
    `Not Acceptable: a GET must send an Accept header listing text/event-stream (got ${JSON.stringify(request.headers.get('accept'))})`,
  );
}

export function requireJsonContentType(request: Request): Response | undefined {
  const type = request.headers.get('content-type');
  const media = type?.split(';')[0]?.trim().toLowerCase();
  if (media === 'application/json') return undefined;
  return rejection(
    415,
    `Unsupported Media Type: the body must be Content-Type application/json (got ${JSON.stringify(type)})`,
  );
}

export function methodNotAllowed(method: string, allow: string[]): Response {
  return rejection(405, `Method Not Allowed: ${method} is not supported here; use ${allow.join(', ')}`, {
    headers: { allow: allow.join(', ') },
  });
}

/**
 * Reads the body as UTF-8 text, refusing (413) once it exceeds `limit` bytes, whether or not the
 * client declared a Content-Length, so a huge or endless body never sits in memory; a body that is
 * not UTF-8 is refused (400, -32700) in the words the stdio transport uses.
 */
export async function readBodyText(request: Request, limit: number): Promise<string | Response> {
  const tooLarge = () =>
    rejection(413, `Payload Too Large: the body exceeds the limit of ${limit} bytes`, {
      data: { limitBytes: limit },
    });
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) return tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel('body too large');
      return tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return strictUtf8.decode(bytes);
  } catch (error) {
    // A fatal TextDecoder throws only TypeError, for invalid bytes; anything else is a real bug.
    if (!(error instanceof TypeError)) throw error;
    return rejection(400, `Unreadable input from the client: a body of ${total} bytes is not valid UTF-8`, {
      code: ErrorCode.ParseError,
    });
  }
}

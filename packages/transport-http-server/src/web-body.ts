import type { BodyRefusal } from './exchange.js';
import { bodyNotUtf8, bodyTooLarge } from './request-checks.js';

/** Refuses bytes that are not UTF-8 rather than replacing them with U+FFFD, as stdio does. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a Web Request's body as UTF-8 text, refusing (413) once it exceeds `limit` bytes, whether
 * or not the client declared a Content-Length, so a huge or endless body never sits in memory.
 */
export async function readRequestText(request: Request, limit: number): Promise<string | BodyRefusal> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) return bodyTooLarge(limit);
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
      return bodyTooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = chunks.length === 1 ? chunks[0]! : concat(chunks, total);
  return decodeUtf8(bytes);
}

export function decodeUtf8(bytes: Uint8Array): string | BodyRefusal {
  try {
    return strictUtf8.decode(bytes);
  } catch (error) {
    // A fatal TextDecoder throws only TypeError, for invalid bytes; anything else is a real bug.
    if (!(error instanceof TypeError)) throw error;
    return bodyNotUtf8(bytes.byteLength);
  }
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

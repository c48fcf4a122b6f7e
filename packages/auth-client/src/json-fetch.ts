import { OAuthClientError } from './errors.js';
import type { AuthFetch, AuthFetchResponse } from './http.js';

/** The size a metadata document or token response may have; a longer one is refused. */
export const MAX_DOCUMENT_CHARS = 256 * 1024;

/**
 * Socket errors of a connection that died before any answer: a reset (ECONNRESET), a write to a
 * closed socket (EPIPE), or undici's "other side closed" (UND_ERR_SOCKET). On a kept-alive socket
 * the server may close as idle just as it is reused, more so on a busy machine.
 */
const CONNECTION_RESET_CODES: ReadonlySet<unknown> = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

function codeOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? (value as { code?: unknown }).code : undefined;
}

/**
 * Whether a fetch failed on a dead connection before any answer: the global fetch (undici) rejects
 * with `TypeError: fetch failed` whose `cause` carries the socket error's code; a node:http based
 * fetch rejects with the socket error itself. Anything else (DNS, refused connection, abort, TLS) is not.
 */
export function isConnectionReset(error: unknown): boolean {
  if (CONNECTION_RESET_CODES.has(codeOf(error))) return true;
  return error instanceof TypeError && CONNECTION_RESET_CODES.has(codeOf(error.cause));
}

/** A fetch failure in words, with its cause: undici's own message is only "fetch failed". */
export function describeFailure(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  return cause === undefined ? String(error) : `${String(error)} (cause: ${String(cause)})`;
}

/** Reads a JSON object body, refusing oversized or non-object bodies with a precise error. */
export async function readJsonObject(
  response: AuthFetchResponse,
  url: string,
): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (text.length > MAX_DOCUMENT_CHARS) {
    throw new OAuthClientError(
      'DISCOVERY_FAILED',
      `${url} answered ${text.length} characters, more than the ${MAX_DOCUMENT_CHARS} allowed`,
      { url, status: response.status },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new OAuthClientError(
      'DISCOVERY_FAILED',
      `${url} answered a body that is not JSON: ${text.slice(0, 120)}`,
      {
        url,
        status: response.status,
        cause,
      },
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new OAuthClientError('DISCOVERY_FAILED', `${url} answered JSON that is not an object`, {
      url,
      status: response.status,
    });
  }
  return value as Record<string, unknown>;
}

/**
 * GETs a JSON metadata document. A 4xx means "not here" (undefined) so discovery can try the next
 * location; a 5xx, a network failure or a bad body is an error.
 */
export async function getMetadata(
  fetch: AuthFetch,
  url: string,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown> | undefined> {
  const init = { method: 'GET', headers: { accept: 'application/json', ...headers } };
  let response: AuthFetchResponse;
  try {
    response = await fetch(url, init);
  } catch (first) {
    // A GET is idempotent: one that met a dead kept-alive socket before any answer is sent once
    // more (the pool drops the dead socket). The POSTs of this package are never re-sent this way.
    if (!isConnectionReset(first)) {
      throw new OAuthClientError('DISCOVERY_FAILED', `GET ${url} failed: ${describeFailure(first)}`, {
        url,
        cause: first,
      });
    }
    try {
      response = await fetch(url, init);
    } catch (cause) {
      throw new OAuthClientError(
        'DISCOVERY_FAILED',
        `GET ${url} failed again when retried once after a connection reset: ${describeFailure(cause)}`,
        { url, cause },
      );
    }
  }
  if (response.status >= 400 && response.status < 500) {
    // The body of a "not here" answer is not needed; a failure to drain it changes nothing.
    await response.text().catch(() => undefined);
    return undefined;
  }
  if (!response.ok) {
    throw new OAuthClientError('DISCOVERY_FAILED', `GET ${url} answered HTTP ${response.status}`, {
      url,
      status: response.status,
    });
  }
  return readJsonObject(response, url);
}

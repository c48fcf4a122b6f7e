import {
  type AuthHttp,
  type BoundedAnswer,
  type BoundedRequest,
  type ExchangePolicy,
  exchange,
} from './bounded-fetch.js';
import { OAuthClientError, type OAuthClientErrorCode } from './errors.js';

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

/** Parses a JSON object answer, refusing a non-object or non-JSON body with a precise error. */
export function parseJsonObject(answer: BoundedAnswer, code: OAuthClientErrorCode): Record<string, unknown> {
  const { url, status, text } = answer;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new OAuthClientError(code, `${url} answered a body that is not JSON: ${text.slice(0, 120)}`, {
      url,
      status,
      cause,
    });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new OAuthClientError(code, `${url} answered JSON that is not an object`, { url, status });
  }
  return value as Record<string, unknown>;
}

/** A metadata GET: a 2xx body is read (bounded), any other answer's body dropped unread. */
const METADATA: ExchangePolicy = {
  code: 'DISCOVERY_FAILED',
  redirects: 'same-origin',
  wantsBody: (status) => status >= 200 && status < 300,
};

/**
 * GETs a JSON metadata document within the bounds of `http`. A 4xx means "not here" (undefined)
 * so discovery can try the next location; a 5xx, a network failure, a timeout, an oversized body,
 * a redirect to another origin or a bad body is an error.
 */
export async function getMetadata(
  http: AuthHttp,
  url: string,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown> | undefined> {
  const request: BoundedRequest = { method: 'GET', url, headers: { accept: 'application/json', ...headers } };
  let answer: BoundedAnswer;
  try {
    answer = await exchange(http, request, METADATA);
  } catch (first) {
    // A GET is idempotent: one that met a dead kept-alive socket before any answer is sent once
    // more (the pool drops the dead socket). The POSTs of this package are never re-sent this way.
    if (first instanceof OAuthClientError) throw first;
    if (!isConnectionReset(first)) {
      throw new OAuthClientError('DISCOVERY_FAILED', `GET ${url} failed: ${describeFailure(first)}`, {
        url,
        cause: first,
      });
    }
    try {
      answer = await exchange(http, request, METADATA);
    } catch (cause) {
      if (cause instanceof OAuthClientError) throw cause;
      throw new OAuthClientError(
        'DISCOVERY_FAILED',
        `GET ${url} failed again when retried once after a connection reset: ${describeFailure(cause)}`,
        { url, cause },
      );
    }
  }
  if (answer.status >= 400 && answer.status < 500) return undefined;
  if (!answer.ok) {
    throw new OAuthClientError('DISCOVERY_FAILED', `GET ${answer.url} answered HTTP ${answer.status}`, {
      url: answer.url,
      status: answer.status,
    });
  }
  return parseJsonObject(answer, 'DISCOVERY_FAILED');
}

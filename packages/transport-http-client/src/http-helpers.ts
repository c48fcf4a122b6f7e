import { decodeMessage, JsonRpcError } from '@mcpkit/jsonrpc';
import { ErrorCode, type JSONRPCErrorObject, type JSONRPCMessage } from '@mcpkit/protocol';
import { HttpTransportError, snippet } from './errors.js';
import type { FetchResponse } from './fetch.js';

/** Extra headers: a static set, or a function called before every HTTP request (e.g. a fresh token). */
export type HeadersSource =
  | HeadersInit
  | (() => HeadersInit | undefined | Promise<HeadersInit | undefined>)
  | undefined;

/** Resolves a HeadersSource into a plain record with lower-case names. */
export async function resolveHeaders(source: HeadersSource): Promise<Record<string, string>> {
  const init = typeof source === 'function' ? await source() : source;
  const record: Record<string, string> = {};
  if (init === undefined) return record;
  new Headers(init).forEach((value, name) => {
    record[name] = value;
  });
  return record;
}

/** The media type of a response, lower-cased and without parameters. */
export function mediaType(response: FetchResponse): string {
  const type = response.headers.get('content-type') ?? '';
  // What servers send to a POST is taken as it is: no split, trim or lower-casing.
  return type === 'application/json' ? type : type.split(';')[0]!.trim().toLowerCase();
}

/**
 * Reads the body of a failed response and builds an error naming status, method, URL, any JSON-RPC
 * error and any WWW-Authenticate challenge.
 */
export async function errorFromResponse(
  response: FetchResponse,
  method: string,
  url: string,
  what: string,
): Promise<HttpTransportError> {
  const body = await readTextSafely(response);
  const rpcError = jsonRpcErrorIn(body);
  const statusText = response.statusText ? ` ${response.statusText}` : '';
  const detail = rpcError
    ? `: JSON-RPC error ${rpcError.code} ${rpcError.message}`
    : body.text
      ? `: ${snippet(body.text)}`
      : '';
  const readFailure = body.error ? ` (reading the body failed: ${String(body.error)})` : '';
  const challenge = response.headers.get('www-authenticate');
  const challengeText = challenge ? ` (WWW-Authenticate: ${challenge})` : '';
  return new HttpTransportError(
    'HTTP_STATUS',
    `${what}: ${method} ${url} answered HTTP ${response.status}${statusText}${detail}${challengeText}${readFailure}`,
    {
      status: response.status,
      url,
      method,
      rpcError,
      bodySnippet: body.text ? snippet(body.text) : undefined,
    },
  );
}

async function readTextSafely(response: FetchResponse): Promise<{ text: string; error?: unknown }> {
  try {
    return { text: await response.text() };
  } catch (error) {
    return { text: '', error };
  }
}

function jsonRpcErrorIn(body: { text: string }): JSONRPCErrorObject | undefined {
  if (!body.text.trimStart().startsWith('{')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.text);
  } catch {
    return undefined; // not JSON after all: the caller shows the raw snippet instead
  }
  const error = (parsed as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, data } = error as Record<string, unknown>;
  if (typeof code !== 'number' || typeof message !== 'string') return undefined;
  return data === undefined ? { code, message } : { code, message, data };
}

/**
 * Parses a body that must hold one JSON-RPC message or a batch of them. Throws INVALID_RESPONSE
 * naming where the body came from, what was wrong, and showing the body's start.
 */
export function decodeMessages(text: string, where: string): JSONRPCMessage[] {
  let decoded: JSONRPCMessage | JSONRPCMessage[];
  try {
    decoded = decodeMessage(text);
  } catch (error) {
    const notJson = error instanceof JsonRpcError && error.code === ErrorCode.ParseError;
    const problem = notJson
      ? 'is not valid JSON'
      : `is not a JSON-RPC 2.0 message (${(error as Error).message})`;
    throw new HttpTransportError('INVALID_RESPONSE', `${where} ${problem}: ${snippet(text)}`, {
      bodySnippet: snippet(text),
      cause: error,
    });
  }
  return Array.isArray(decoded) ? decoded : [decoded];
}

export function isResponse(
  message: JSONRPCMessage,
): message is JSONRPCMessage & { id: string | number | null } {
  return 'result' in message || 'error' in message;
}

export function isRequest(
  message: JSONRPCMessage,
): message is JSONRPCMessage & { id: string | number; method: string } {
  return 'method' in message && 'id' in message;
}

import type { JSONRPCErrorObject, JSONRPCMessage } from '@mcpkit/protocol';
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
  return (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Reads the body of a failed response and builds an error naming status, method, URL and any JSON-RPC error. */
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
  return new HttpTransportError(
    'HTTP_STATUS',
    `${what}: ${method} ${url} answered HTTP ${response.status}${statusText}${detail}${readFailure}`,
    {
      status: response.status,
      url,
      method,
      ...(rpcError ? { rpcError } : {}),
      ...(body.text ? { bodySnippet: snippet(body.text) } : {}),
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
 * naming where the body came from and showing its start.
 */
export function decodeMessages(text: string, where: string): JSONRPCMessage[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new HttpTransportError('INVALID_RESPONSE', `${where} is not valid JSON: ${snippet(text)}`, {
      bodySnippet: snippet(text),
      cause: error,
    });
  }
  const items = Array.isArray(parsed) ? parsed : [parsed];
  for (const [index, item] of items.entries()) {
    const problem = messageShapeProblem(item);
    if (problem) {
      const at = Array.isArray(parsed) ? ` (batch item ${index})` : '';
      throw new HttpTransportError(
        'INVALID_RESPONSE',
        `${where}${at} is not a JSON-RPC 2.0 message: ${problem}; got ${snippet(text)}`,
        { bodySnippet: snippet(text) },
      );
    }
  }
  return items as JSONRPCMessage[];
}

function messageShapeProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'expected a JSON object';
  const message = value as Record<string, unknown>;
  if (message.jsonrpc !== '2.0') return `expected "jsonrpc": "2.0", got ${JSON.stringify(message.jsonrpc)}`;
  if ('method' in message)
    return typeof message.method === 'string' ? undefined : 'expected "method" to be a string';
  if ('result' in message || 'error' in message) return undefined;
  return 'expected "method", "result" or "error"';
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

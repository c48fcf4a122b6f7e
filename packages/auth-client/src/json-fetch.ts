import { OAuthClientError } from './errors.js';
import type { AuthFetch, AuthFetchResponse } from './http.js';

/** The size a metadata document or token response may have; a longer one is refused. */
export const MAX_DOCUMENT_CHARS = 256 * 1024;

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
  let response: AuthFetchResponse;
  try {
    response = await fetch(url, { method: 'GET', headers: { accept: 'application/json', ...headers } });
  } catch (cause) {
    throw new OAuthClientError('DISCOVERY_FAILED', `GET ${url} failed: ${String(cause)}`, { url, cause });
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

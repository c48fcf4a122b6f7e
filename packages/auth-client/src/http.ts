// The HTTP shapes this package speaks. They are declared here (not imported from
// @mcpkit/transport-http-client) so the package stays usable with any fetch-based transport; they
// match the transport's `FetchLike` and its `auth` option structurally.

/** The request options passed to `fetch`. */
export interface AuthFetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  redirect?: 'follow' | 'manual' | 'error';
  [option: string]: unknown;
}

/** The response members this package reads. */
export interface AuthFetchResponse {
  readonly status: number;
  readonly ok: boolean;
  readonly url?: string;
  readonly headers: {
    /** A response header by name (case-insensitive), or null. */
    get(name: string): string | null;
  };
  readonly body: unknown;
  /** Reads the whole response body as text. */
  text(): Promise<string>;
}

/** The slice of the Fetch API this package uses; the global `fetch` fits it. */
export type AuthFetch = (url: string | URL, init?: AuthFetchInit) => Promise<AuthFetchResponse>;

/** What an auth provider learns about an HTTP answer. */
export interface HttpAnswerHead {
  status: number;
  method: string;
  url: string;
  /** A response header by name (case-insensitive), or null. */
  header(name: string): string | undefined;
}

/** The auth hook of an HTTP client transport. */
export interface HttpAuthProvider {
  /** Headers to add to this request (Authorization, DPoP). */
  headersFor(request: { method: string; url: string }): Promise<Record<string, string>>;
  /** A 401 or 403 arrived: true = retry the request with fresh headers, false = give up. */
  challenged(answer: HttpAnswerHead): Promise<boolean>;
  /** Any other answer (a DPoP-Nonce rotation rides on those). */
  answered?(answer: HttpAnswerHead): void;
}

/** The global fetch, bound so that browsers do not reject it as an illegal invocation. */
export function globalFetch(): AuthFetch {
  const fetch = (globalThis as { fetch?: (url: string | URL, init?: RequestInit) => Promise<Response> })
    .fetch;
  if (typeof fetch !== 'function') {
    throw new TypeError(
      'No global fetch in this runtime: pass a fetch-compatible function as options.fetch.',
    );
  }
  return (url, init) => fetch.call(globalThis, url, init as RequestInit) as Promise<AuthFetchResponse>;
}

/** An HttpAnswerHead over a fetch response. */
export function answerHead(response: AuthFetchResponse, method: string, url: string): HttpAnswerHead {
  return {
    status: response.status,
    method,
    url,
    header: (name) => response.headers.get(name) ?? undefined,
  };
}

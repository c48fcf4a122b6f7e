import { type AuthHttp, authHttp } from './bounded-fetch.js';
import { canonicalResource, type Discovery, discover } from './discovery.js';
import { DpopProver } from './dpop.js';
import { OAuthClientError } from './errors.js';
import { clientAuthentication, tokenContext } from './grants.js';
import { globalFetch, type HttpAnswerHead, type HttpAuthProvider } from './http.js';
import type { StoredTokens, TokenResponse } from './metadata.js';
import { grantClient, obtainTokens } from './obtain.js';
import type { OAuthClientOptions } from './options.js';
import { clientFor } from './registration.js';
import { selectScope, unionScopes } from './scope.js';
import { InMemoryOAuthStore, type OAuthStore } from './store.js';
import { requestToken } from './token-endpoint.js';
import { parseWwwAuthenticate } from './www-authenticate.js';

/** Default limits; see SECURITY.md. */
export const DEFAULT_MAX_STEP_UPS = 2;
/**
 * How many times in a row one request may start a new authorization (a 401 after a fresh token) before
 * it fails; the default of `maxAuthorizations`.
 */
export const DEFAULT_MAX_AUTHORIZATIONS = 2;
/** Answers of `use_dpop_nonce` in a row before the request is given up. */
const MAX_NONCE_RETRIES = 2;
/** Tokens are treated as expired this long before their stated expiry (clock skew, request time). */
const EXPIRY_MARGIN_MS = 30_000;

/**
 * OAuth 2.1 for one MCP server, as an HttpAuthProvider: adds the Authorization (and DPoP) headers,
 * and on a 401/403 discovers, registers, authorizes, refreshes or steps up, then asks for a retry.
 */
export class OAuthClientProvider implements HttpAuthProvider {
  readonly #options: OAuthClientOptions;
  readonly #serverUrl: string;
  readonly #http: AuthHttp;
  readonly #store: OAuthStore;
  #discovery: Discovery | undefined;
  #dpop: DpopProver | undefined;
  #pending: Promise<void> | undefined;
  #stepUps = 0;
  #authorizations = 0;
  #nonceRetries = 0;

  constructor(options: OAuthClientOptions) {
    this.#options = options;
    this.#serverUrl = canonicalResource(options.serverUrl);
    this.#http = authHttp(options.fetch ?? globalFetch(), options);
    this.#store = options.store ?? new InMemoryOAuthStore();
  }

  /** The tokens currently held for the server, if any. */
  async tokens(): Promise<StoredTokens | undefined> {
    return (await this.#store.getTokens(this.#serverUrl)) ?? undefined;
  }

  async headersFor(request: { method: string; url: string }): Promise<Record<string, string>> {
    // Tokens are for the MCP server: a request elsewhere (e.g. a legacy SSE endpoint on another
    // origin that the server named) gets none.
    if (new URL(request.url).origin !== new URL(this.#serverUrl).origin) return {};
    if (this.#pending !== undefined) await this.#pending.catch(() => undefined); // its failure is the challenger's to report
    let tokens = await this.tokens();
    if (tokens?.expiresAt !== undefined && tokens.expiresAt - EXPIRY_MARGIN_MS <= Date.now()) {
      const expired = tokens;
      // Without a usable refresh token the request goes out bare: its 401 starts a new authorization.
      await this.#run(async () => {
        if (expired.refreshToken === undefined || !(await this.#refresh(expired))) {
          await this.#store.setTokens(this.#serverUrl, undefined);
        }
      });
      tokens = await this.tokens();
    }
    if (tokens === undefined) return {};
    if (tokens.tokenType !== 'DPoP') return { authorization: `Bearer ${tokens.accessToken}` };
    const dpop = this.#prover();
    return {
      authorization: `DPoP ${tokens.accessToken}`,
      dpop: await dpop.proof(request.method, request.url, tokens.accessToken),
    };
  }

  answered(answer: HttpAnswerHead): void {
    this.#dpop?.rememberNonce(answer.url, answer.header('dpop-nonce'));
    if (answer.status < 400) {
      this.#stepUps = 0;
      this.#authorizations = 0;
      this.#nonceRetries = 0;
    }
  }

  async challenged(answer: HttpAnswerHead): Promise<boolean> {
    const challenge = parseWwwAuthenticate(answer.header('www-authenticate'));
    const nonce = answer.header('dpop-nonce');
    if (challenge.error === 'use_dpop_nonce' && this.#dpop !== undefined && nonce !== undefined) {
      this.#dpop.rememberNonce(answer.url, nonce);
      return ++this.#nonceRetries <= MAX_NONCE_RETRIES;
    }
    if (this.#pending !== undefined) {
      await this.#pending; // another request is authorizing already: retry with its outcome
      return true;
    }
    if (answer.status === 403) {
      if (challenge.error !== 'insufficient_scope') return false;
      const limit = this.#options.maxStepUps ?? DEFAULT_MAX_STEP_UPS;
      if (++this.#stepUps > limit) {
        throw new OAuthClientError(
          'RETRY_LIMIT',
          `${answer.method} ${answer.url} still answers 403 insufficient_scope (scope ${challenge.scope ?? 'unnamed'}) ` +
            `after ${limit} scope step-ups: giving up`,
          { url: answer.url, status: 403 },
        );
      }
      const granted = (await this.tokens())?.scope;
      await this.#run(() =>
        this.#authorize(challenge.resourceMetadata, unionScopes(granted, challenge.scope)),
      );
      return true;
    }
    if (answer.status !== 401) return false;
    const limit = this.#options.maxAuthorizations ?? DEFAULT_MAX_AUTHORIZATIONS;
    if (++this.#authorizations > limit) {
      throw new OAuthClientError(
        'RETRY_LIMIT',
        `${answer.method} ${answer.url} still answers 401 after ${limit} authorizations: giving up`,
        { url: answer.url, status: 401 },
      );
    }
    await this.#run(async () => {
      // The first 401 in a row may just be an expired or revoked access token: refresh if possible.
      const tokens = await this.tokens();
      if (tokens?.refreshToken !== undefined && this.#authorizations === 1 && (await this.#refresh(tokens)))
        return;
      await this.#authorize(challenge.resourceMetadata, challenge.scope);
    });
    return true;
  }

  /** Runs one token-changing task at a time; requests arriving meanwhile wait for it (headersFor, challenged). */
  async #run(task: () => Promise<void>): Promise<void> {
    // A failed task reports to the request that ran it; a waiting one just goes next.
    while (this.#pending !== undefined) await this.#pending.catch(() => undefined);
    this.#pending = task();
    try {
      await this.#pending;
    } finally {
      this.#pending = undefined;
    }
  }

  #prover(): DpopProver {
    if (this.#dpop === undefined) {
      const options = this.#options.dpop;
      this.#dpop = new DpopProver(typeof options === 'object' ? options : {});
    }
    return this.#dpop;
  }

  /** The DPoP prover for token requests to this AS, when DPoP is wanted and the AS supports our algorithm. */
  #dpopFor(discovery: Discovery): DpopProver | undefined {
    if (this.#options.dpop === undefined || this.#options.dpop === false) return undefined;
    const alg = (typeof this.#options.dpop === 'object' ? this.#options.dpop.alg : undefined) ?? 'ES256';
    const algs = discovery.authorizationServer.dpop_signing_alg_values_supported;
    return algs?.includes(alg) ? this.#prover() : undefined;
  }

  async #authorize(
    resourceMetadataUrl: string | undefined,
    challengeScope: string | undefined,
  ): Promise<void> {
    const discovery = await discover(this.#http, this.#serverUrl, resourceMetadataUrl);
    this.#discovery = discovery;
    const previous = await this.tokens();
    // SEP-2352: tokens (and their scopes) from another authorization server are not carried over.
    const carried = previous?.issuer === discovery.issuer ? previous.scope : undefined;
    const grant = this.#options.grant ?? { type: 'authorization_code' };
    const wantsOffline = grant.type === 'authorization_code' && this.#options.offlineAccess !== false;
    const scope = unionScopes(carried, selectScope(challengeScope, discovery, wantsOffline));
    const dpop = this.#dpopFor(discovery);
    const response = await obtainTokens(this.#http, this.#store, this.#options, discovery, dpop, scope);
    await this.#save(response, discovery, scope);
  }

  async #save(response: TokenResponse, discovery: Discovery, scope: string | undefined): Promise<void> {
    const tokens: StoredTokens = {
      accessToken: response.access_token,
      tokenType: response.token_type.toLowerCase() === 'dpop' ? 'DPoP' : 'Bearer',
      issuer: discovery.issuer,
      resource: discovery.resource,
    };
    if (response.refresh_token !== undefined) tokens.refreshToken = response.refresh_token;
    // Some servers send expires_in as a string; anything not a positive number means "not said".
    const lifetime = Number(response.expires_in);
    if (Number.isFinite(lifetime) && lifetime > 0) tokens.expiresAt = Date.now() + lifetime * 1000;
    const granted = typeof response.scope === 'string' ? response.scope : scope;
    if (granted !== undefined) tokens.scope = granted;
    await this.#store.setTokens(this.#serverUrl, tokens);
  }

  /** Refreshes `tokens`; false (and the tokens dropped) when the AS refuses, so a full authorization follows. */
  async #refresh(tokens: StoredTokens): Promise<boolean> {
    const discovery =
      this.#discovery?.issuer === tokens.issuer
        ? this.#discovery
        : await discover(this.#http, this.#serverUrl, undefined);
    this.#discovery = discovery;
    if (discovery.issuer !== tokens.issuer || tokens.refreshToken === undefined) {
      await this.#store.setTokens(this.#serverUrl, undefined);
      return false;
    }
    const grant = this.#options.grant ?? { type: 'authorization_code' };
    const client =
      grant.type === 'authorization_code'
        ? await clientFor(
            this.#http,
            this.#store,
            this.#options,
            discovery.issuer,
            discovery.authorizationServer,
          )
        : grantClient(grant);
    try {
      const response = await requestToken(
        tokenContext(this.#http, discovery, this.#dpopFor(discovery)),
        client === undefined ? undefined : clientAuthentication(client, discovery.authorizationServer),
        { grant_type: 'refresh_token', refresh_token: tokens.refreshToken, resource: discovery.resource },
      );
      if (response.refresh_token === undefined) response.refresh_token = tokens.refreshToken;
      await this.#save(response, discovery, tokens.scope);
      return true;
    } catch (error) {
      if (!(error instanceof OAuthClientError) || error.code !== 'TOKEN_ENDPOINT_ERROR') throw error;
      await this.#store.setTokens(this.#serverUrl, undefined);
      return false;
    }
  }
}

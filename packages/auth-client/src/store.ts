import type { ClientCredentials, StoredTokens } from './metadata.js';

/**
 * Where the client keeps what it obtains: client credentials per authorization server (issuer)
 * and tokens per protected resource. Implement it to persist across runs (a keychain, a file);
 * every method may be async.
 */
export interface OAuthStore {
  /** The client registration kept for an authorization server (by issuer), if any. */
  getClient(issuer: string): Promise<ClientCredentials | undefined> | ClientCredentials | undefined;
  /** Keeps the client registration obtained from an authorization server. */
  setClient(issuer: string, client: ClientCredentials): Promise<void> | void;
  /** The tokens kept for a resource, if any. */
  getTokens(resource: string): Promise<StoredTokens | undefined> | StoredTokens | undefined;
  /** `undefined` deletes them. */
  setTokens(resource: string, tokens: StoredTokens | undefined): Promise<void> | void;
}

/** The default store: memory only, gone when the process ends. */
export class InMemoryOAuthStore implements OAuthStore {
  readonly #clients = new Map<string, ClientCredentials>();
  readonly #tokens = new Map<string, StoredTokens>();

  getClient(issuer: string): ClientCredentials | undefined {
    return this.#clients.get(issuer);
  }

  setClient(issuer: string, client: ClientCredentials): void {
    this.#clients.set(issuer, client);
  }

  getTokens(resource: string): StoredTokens | undefined {
    return this.#tokens.get(resource);
  }

  setTokens(resource: string, tokens: StoredTokens | undefined): void {
    if (tokens === undefined) this.#tokens.delete(resource);
    else this.#tokens.set(resource, tokens);
  }
}

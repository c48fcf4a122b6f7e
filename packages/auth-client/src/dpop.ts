import { type CryptoKey, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { randomToken, sha256Base64url } from './pkce.js';

/** Options of DPoP sender-constrained tokens (RFC 9449). */
export interface DpopOptions {
  /** The key pair proofs are signed with; generated (ES256, private key not extractable) when absent. */
  keyPair?: { privateKey: CryptoKey; publicKey: CryptoKey };
  /** JWS algorithm of the key pair; default ES256. */
  alg?: string;
}

/**
 * Makes DPoP proofs: one fresh JWT per request (new `jti`), bound to the method and URL, carrying
 * the server's latest nonce for that origin and, with an access token, its hash (`ath`).
 */
export class DpopProver {
  readonly alg: string;
  #keyPair: Promise<{ privateKey: CryptoKey; jwk: JWK }>;
  /** Latest `DPoP-Nonce` per origin (RFC 9449 §8, §9): the AS and the resource server each have their own. */
  readonly #nonces = new Map<string, string>();

  constructor(options: DpopOptions = {}) {
    this.alg = options.alg ?? 'ES256';
    const pair = options.keyPair ? Promise.resolve(options.keyPair) : generateKeyPair(this.alg);
    this.#keyPair = pair.then(async ({ privateKey, publicKey }) => {
      const { kty, crv, x, y, n, e } = await exportJWK(publicKey);
      const jwk: JWK = Object.fromEntries(
        Object.entries({ kty, crv, x, y, n, e }).filter(([, value]) => value !== undefined),
      );
      return { privateKey, jwk };
    });
    // A failed key generation surfaces on the first proof; keep it from being reported as unhandled meanwhile.
    this.#keyPair.catch(() => undefined);
  }

  /** Remembers a nonce the server at `url` handed out. */
  rememberNonce(url: string, nonce: string | undefined): void {
    if (nonce !== undefined && nonce !== '') this.#nonces.set(new URL(url).origin, nonce);
  }

  /** The DPoP nonce last received from the server at `url`, if any. */
  nonceFor(url: string): string | undefined {
    return this.#nonces.get(new URL(url).origin);
  }

  /** A proof for one request; `htu` is the URL without query and fragment (RFC 9449 §4.2). */
  async proof(method: string, url: string, accessToken?: string): Promise<string> {
    const { privateKey, jwk } = await this.#keyPair;
    const target = new URL(url);
    const claims: Record<string, unknown> = {
      jti: randomToken(16),
      htm: method.toUpperCase(),
      htu: `${target.origin}${target.pathname}`,
    };
    const nonce = this.nonceFor(url);
    if (nonce !== undefined) claims.nonce = nonce;
    if (accessToken !== undefined) claims.ath = await sha256Base64url(accessToken);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: this.alg, typ: 'dpop+jwt', jwk })
      .setIssuedAt()
      .sign(privateKey);
  }
}

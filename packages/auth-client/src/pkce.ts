import { base64url } from 'jose';

/** Random URL-safe text from `bytes` random bytes (WebCrypto). */
export function randomToken(bytes = 32): string {
  return base64url.encode(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** base64url(SHA-256(text)): the PKCE S256 challenge (RFC 7636 §4.2) and the DPoP `ath` (RFC 9449 §4.2). */
export async function sha256Base64url(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return base64url.encode(new Uint8Array(digest));
}

/** A fresh PKCE verifier (43 characters from 32 random bytes) and its S256 challenge. */
export async function createPkce(): Promise<{ verifier: string; challenge: string }> {
  const verifier = randomToken(32);
  return { verifier, challenge: await sha256Base64url(verifier) };
}

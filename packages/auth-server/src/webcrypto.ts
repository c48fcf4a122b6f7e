import { base64url } from 'jose';

/** base64url(SHA-256(text)): DPoP's `ath` and the key under which a token's answer is cached. */
export async function sha256Base64Url(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return base64url.encode(new Uint8Array(digest));
}

/** 128 random bits, base64url: DPoP nonces. */
export function randomToken(): string {
  return base64url.encode(crypto.getRandomValues(new Uint8Array(16)));
}

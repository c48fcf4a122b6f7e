import { JsonRpcError } from '@mcpkit/jsonrpc';
import type { JSONObject } from '@mcpkit/protocol/essentials';
import type { RequestStateSealer } from './request-state-sealer.js';

// 2026-07-28 multi-round-trip requests: the client echoes `requestState` back on each retry.
// Handlers re-run from the start on every retry, so the state carries the answers given in
// earlier rounds; it is signed (HMAC-SHA-256 with a server secret) so a client cannot forge it,
// and bounded in size. Web Crypto only: runs on Node, Deno, Bun and Workers alike.
//
// Behind a load balancer a client's next round may land on any server process: each opens the
// state with its own codec, so every process must be given the same secret. There is no default
// secret (none generated per process): a state sealed with another secret is refused, and the
// state names the key it was sealed with (`k`, an HMAC of a fixed label under the secret, which
// reveals nothing of it) so the refusal can say that rather than suspect tampering.

const VERSION = 1;
const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** What the key id is an HMAC of. */
const KEY_ID_LABEL = encoder.encode('mcpkit requestState key id');

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  }
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  const padded = text.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Options of `RequestStateCodec`: the HMAC secret and the longest `requestState` accepted. */
export interface RequestStateOptions {
  /**
   * The HMAC secret: at least 32 bytes of randomness. Required, with no per-process default: every
   * server process behind one URL must be given the same one, since a client's next round may reach
   * any of them; a state sealed with another secret is refused with -32602 saying so.
   */
  secret: string | Uint8Array;
  /** Largest state accepted or produced, in characters (default 65 536). */
  maxLength?: number;
}

/**
 * Seals and opens `requestState`: answers from earlier rounds, integrity-protected. Its own entry
 * (`@mcpkit/server/request-state`), so servers that never ask several questions in a row carry
 * neither the codec nor its HMAC code: `new McpServer(info, { requestState: new RequestStateCodec({ secret }) })`.
 */
export class RequestStateCodec implements RequestStateSealer {
  readonly maxLength: number;
  readonly #secret: Uint8Array;
  #key: Promise<CryptoKey> | undefined;
  #keyId: Promise<string> | undefined;

  constructor(options: RequestStateOptions) {
    this.#secret = typeof options.secret === 'string' ? encoder.encode(options.secret) : options.secret;
    if (this.#secret.length < 16) {
      throw new TypeError(
        `requestState secret is ${this.#secret.length} bytes; use at least 16 (32 recommended)`,
      );
    }
    this.maxLength = options.maxLength ?? 65_536;
  }

  #hmacKey(): Promise<CryptoKey> {
    this.#key ??= crypto.subtle.importKey(
      'raw',
      this.#secret as BufferSource,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    return this.#key;
  }

  /** Names the secret in each state without revealing it: the first 66 bits of an HMAC of a fixed label. */
  #secretId(): Promise<string> {
    this.#keyId ??= this.#hmacKey().then(async (key) => {
      const mac = await crypto.subtle.sign('HMAC', key, KEY_ID_LABEL as BufferSource);
      return toBase64Url(new Uint8Array(mac)).slice(0, 11);
    });
    return this.#keyId;
  }

  async seal(answers: Record<string, JSONObject>): Promise<string> {
    const payload = encoder.encode(JSON.stringify({ v: VERSION, k: await this.#secretId(), answers }));
    const signature = new Uint8Array(
      await crypto.subtle.sign('HMAC', await this.#hmacKey(), payload as BufferSource),
    );
    const state = `${toBase64Url(payload)}.${toBase64Url(signature)}`;
    if (state.length > this.maxLength) {
      throw new Error(
        `requestState would be ${state.length} characters, over the limit of ${this.maxLength}: the handler asked for too much input`,
      );
    }
    return state;
  }

  /** The answers sealed in `state`; -32602 when it is malformed, too long or was tampered with. */
  async open(state: string): Promise<Record<string, JSONObject>> {
    const invalid = (why: string) => JsonRpcError.invalidParams(`Invalid requestState: ${why}`);
    if (state.length > this.maxLength) throw invalid(`longer than ${this.maxLength} characters`);
    const [payloadText, signatureText, extra] = state.split('.');
    if (payloadText === undefined || signatureText === undefined || extra !== undefined) {
      throw invalid('not a state this server issued');
    }
    const payload = fromBase64Url(payloadText);
    const signature = fromBase64Url(signatureText);
    if (payload === undefined || signature === undefined) throw invalid('not a state this server issued');
    let parsed: { v?: unknown; k?: unknown; answers?: unknown };
    try {
      parsed = JSON.parse(decoder.decode(payload)) as typeof parsed;
    } catch {
      // Not JSON: no server sealed it (the signature check below could only fail).
      throw invalid('not a state this server issued');
    }
    if (parsed === null || typeof parsed !== 'object') throw invalid('not a state this server issued');
    const keyId = await this.#secretId();
    if (typeof parsed.k === 'string' && parsed.k !== keyId) {
      throw invalid(
        `sealed with another secret (key id ${parsed.k}; this server's is ${keyId}): every server process behind one URL must be given the same RequestStateCodec secret`,
      );
    }
    const valid = await crypto.subtle.verify(
      'HMAC',
      await this.#hmacKey(),
      signature as BufferSource,
      payload as BufferSource,
    );
    if (!valid) throw invalid('signature does not match: the state was altered after the server sealed it');
    if (parsed.v !== VERSION || typeof parsed.answers !== 'object' || parsed.answers === null) {
      throw invalid(`unsupported state version ${JSON.stringify(parsed.v)}`);
    }
    return parsed.answers as Record<string, JSONObject>;
  }
}

import { JsonRpcError } from '@mcpkit/jsonrpc';
import type { JSONObject } from '@mcpkit/protocol/essentials';
import type { RequestStateBinding, RequestStateSealer } from './request-state-sealer.js';

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
//
// A state is also bound to what it answers (MCP 2026-07-28 MRTR, "To prevent replay, servers
// SHOULD include ... inside the integrity-protected requestState payload and verify each on
// receipt"): the request's method and name (`m`, `n`), a digest of its other params (`a`: the
// tool's arguments), the principal (`p`: a digest of the client id and subject) and an expiry
// (`x`). Without that, a "yes" given to "Delete fileA?" would complete a call deleting fileB.

const VERSION = 2;
/** How long a state is accepted after it was issued, by default: 10 minutes. */
const DEFAULT_TTL_MS = 10 * 60_000;
/** Params that change between rounds of one request, so the state is not bound to them. */
const UNBOUND_PARAMS = new Set(['_meta', 'inputResponses', 'requestState']);
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
  /**
   * How long after it was issued a state is accepted, in milliseconds (default 600 000: 10
   * minutes); later it is refused with -32602, and the client must start the request again.
   */
  ttlMs?: number;
  /** The clock, in milliseconds since the epoch (default `Date.now`); tests inject their own. */
  now?: () => number;
}

/** Keys sorted at every level, so a client that reorders the params of its retry is not refused. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  const record = value as Record<string, unknown>;
  const members = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
  return `{${members.join(',')}}`;
}

/** What names the request's target: a tool or prompt name, or a resource URI. */
function targetOf(params: JSONObject | undefined): string | undefined {
  const target = params?.name ?? params?.uri;
  return typeof target === 'string' ? target : undefined;
}

/** The params the state is bound to, as canonical JSON. */
function boundParams(params: JSONObject | undefined): string {
  const bound: JSONObject = {};
  for (const key of Object.keys(params ?? {})) if (!UNBOUND_PARAMS.has(key)) bound[key] = params![key];
  return canonicalJson(bound);
}

/** The principal as the transport authenticated it; '' for an anonymous caller. */
function principalOf(binding: RequestStateBinding): string {
  const auth = binding.extra?.authInfo;
  return auth === undefined ? '' : canonicalJson([auth.clientId, auth.subject ?? null]);
}

/** The payload of a sealed state, as the codec writes it. */
interface SealedState {
  v?: unknown;
  k?: unknown;
  m?: unknown;
  n?: unknown;
  a?: unknown;
  p?: unknown;
  x?: unknown;
  answers?: unknown;
}

/**
 * Seals and opens `requestState`: answers from earlier rounds, integrity-protected. Its own entry
 * (`@mcpkit/server/request-state`), so servers that never ask several questions in a row carry
 * neither the codec nor its HMAC code: `new McpServer(info, { requestState: new RequestStateCodec({ secret }) })`.
 */
export class RequestStateCodec implements RequestStateSealer {
  readonly maxLength: number;
  /** How long after it was issued a state is accepted, in milliseconds. */
  readonly ttlMs: number;
  readonly #now: () => number;
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
    this.ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
    if (!(this.ttlMs > 0))
      throw new TypeError(`requestState ttlMs is ${this.ttlMs}; expected a positive number`);
    this.#now = options.now ?? Date.now;
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

  /** A digest of `text` under the secret (so a digest of a principal reveals nothing of it). */
  async #digest(label: string, text: string): Promise<string> {
    const mac = await crypto.subtle.sign(
      'HMAC',
      await this.#hmacKey(),
      encoder.encode(`${label}\0${text}`) as BufferSource,
    );
    return toBase64Url(new Uint8Array(mac)).slice(0, 22);
  }

  async seal(answers: Record<string, JSONObject>, binding: RequestStateBinding): Promise<string> {
    const sealed: SealedState = { v: VERSION, k: await this.#secretId(), m: binding.method };
    const target = targetOf(binding.params);
    if (target !== undefined) sealed.n = target;
    sealed.a = await this.#digest('params', boundParams(binding.params));
    const principal = principalOf(binding);
    if (principal !== '') sealed.p = await this.#digest('principal', principal);
    sealed.x = this.#now() + this.ttlMs;
    sealed.answers = answers;
    const payload = encoder.encode(JSON.stringify(sealed));
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

  /**
   * The answers sealed in `state`; -32602 when it is malformed, too long, was tampered with, has
   * expired, or was issued for another request or principal than `binding`'s.
   */
  async open(state: string, binding: RequestStateBinding): Promise<Record<string, JSONObject>> {
    const invalid = (why: string) => JsonRpcError.invalidParams(`Invalid requestState: ${why}`);
    if (state.length > this.maxLength) throw invalid(`longer than ${this.maxLength} characters`);
    const [payloadText, signatureText, extra] = state.split('.');
    if (payloadText === undefined || signatureText === undefined || extra !== undefined) {
      throw invalid('not a state this server issued');
    }
    const payload = fromBase64Url(payloadText);
    const signature = fromBase64Url(signatureText);
    if (payload === undefined || signature === undefined) throw invalid('not a state this server issued');
    let parsed: SealedState;
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
    const mismatch = await this.#mismatch(parsed, binding);
    if (mismatch !== undefined) throw invalid(mismatch);
    return parsed.answers as Record<string, JSONObject>;
  }

  /** What of `binding` differs from the request the (authentic) state was issued for, if anything. */
  async #mismatch(sealed: SealedState, binding: RequestStateBinding): Promise<string | undefined> {
    const now = this.#now();
    if (typeof sealed.x !== 'number' || now > sealed.x) {
      const at = typeof sealed.x === 'number' ? new Date(sealed.x).toISOString() : 'an unknown time';
      return `expired at ${at} (a state is accepted for ${this.ttlMs} ms after it was issued): start the request again without it`;
    }
    const issuedFor = `${String(sealed.m)}${typeof sealed.n === 'string' ? ` '${sealed.n}'` : ''}`;
    const target = targetOf(binding.params);
    const presentedOn = `${binding.method}${target !== undefined ? ` '${target}'` : ''}`;
    if (sealed.m !== binding.method || sealed.n !== target) {
      return `issued for ${issuedFor}, presented on ${presentedOn}`;
    }
    if (sealed.a !== (await this.#digest('params', boundParams(binding.params)))) {
      return `issued for ${issuedFor} with other params (arguments): a state answers only the request it was issued for`;
    }
    const principal = principalOf(binding);
    const presentedBy = principal === '' ? undefined : await this.#digest('principal', principal);
    if (sealed.p !== presentedBy) {
      return sealed.p === undefined
        ? 'issued to an unauthenticated caller, presented by an authenticated one'
        : presentedBy === undefined
          ? 'issued to an authenticated principal, presented without authentication'
          : 'issued to another principal (client id and subject differ)';
    }
    return undefined;
  }
}

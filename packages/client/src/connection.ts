import { JsonRpcError, type Peer, type RequestOptions, type Transport } from '@mcpkit/jsonrpc';
import {
  type ClientCapabilities,
  ErrorCode,
  type Implementation,
  type JSONObject,
  type LoggingLevel,
} from '@mcpkit/protocol';
import { type NegotiatedSession, newestFirst, supportedList } from './handshake.js';
import type { ListenStream } from './listen.js';
import { initializeHandshake } from './negotiation.js';
import { sendStatelessRequest } from './stateless.js';

/** What a connection needs from its client to send stateless requests. */
export interface ConnectionDeps {
  clientInfo: Implementation;
  supportedVersions: readonly string[];
  maxInputRounds: number;
  /** The capabilities to declare now (stateless requests declare them each time). */
  capabilities(): ClientCapabilities;
  /** Answers an input request of a 2026-07-28 `input_required` round (see `ClientCore.answer`). */
  answer(method: string, params: JSONObject | undefined, signal: AbortSignal): Promise<JSONObject>;
  /**
   * Stateful: set when a request that failed because the server forgot the session (HTTP 404,
   * SESSION_EXPIRED) may start a new session and be retried once; called after the new handshake
   * to restore what the old session held (subscriptions, log level).
   */
  sessionRenewed?: (options: RequestOptions | undefined, expiredBy: Error) => Promise<void>;
}

/**
 * One live connection: the peer, what negotiation established, and the per-connection state of
 * the 2026-07-28 revision (log level, listen stream). `send` hides which era the server is in.
 */
export class ClientConnection {
  /**
   * The level `setLoggingLevel` chose: 2026-07-28 sends it in each request's `_meta`; a stateful
   * session that is renewed after a 404 sets it again.
   */
  logLevel?: LoggingLevel;
  /** 2026-07-28: the open `subscriptions/listen` stream, once anything was asked for. */
  listen?: ListenStream;
  /** Counts new sessions, so requests that failed on the same old session renew it only once. */
  #generation = 0;
  #renewal: Promise<void> | undefined;
  readonly #deps: ConnectionDeps;

  constructor(
    readonly peer: Peer,
    readonly transport: Transport,
    readonly session: NegotiatedSession,
    /** What `initialize` declared (a stateful session cannot change it). */
    readonly declaredCapabilities: ClientCapabilities,
    deps: ConnectionDeps,
  ) {
    this.#deps = deps;
  }

  get stateless(): boolean {
    return this.session.mode === 'stateless';
  }

  /** Sends a request and returns its raw result (stateful: as is; stateless: see `#sendStateless`). */
  send(
    method: string,
    params: JSONObject | undefined,
    options: RequestOptions | undefined,
  ): Promise<JSONObject> {
    if (!this.stateless) return this.#sendStateful(method, params, options);
    return this.#sendStateless(method, params, options);
  }

  #sendStateful(
    method: string,
    params: JSONObject | undefined,
    options: RequestOptions | undefined,
  ): Promise<JSONObject> {
    const sent = this.peer.request(method, params, options);
    if (!this.#deps.sessionRenewed || method === 'initialize') return sent;
    const generation = this.#generation;
    return sent.catch((error: unknown) => this.#renewAndResend(error, generation, method, params, options));
  }

  /** A 404 means the server never ran the request, so sending it again on a new session is safe. */
  async #renewAndResend(
    error: unknown,
    generation: number,
    method: string,
    params: JSONObject | undefined,
    options: RequestOptions | undefined,
  ): Promise<JSONObject> {
    if (!isSessionExpired(error)) throw error;
    // Requests that failed on the same old session share one renewal.
    if (this.#generation === generation) {
      this.#renewal ??= this.#renewSession(options, error as Error).finally(() => {
        this.#renewal = undefined;
      });
      await this.#renewal;
    }
    return this.peer.request(method, params, options);
  }

  /** The spec's answer to a 404 for the session: initialize again, on the same transport. */
  async #renewSession(options: RequestOptions | undefined, expiredBy: Error): Promise<void> {
    const renewed = await initializeHandshake(
      this.peer,
      {
        clientInfo: this.#deps.clientInfo,
        capabilities: this.declaredCapabilities,
        offeredVersion: this.session.protocolVersion,
        supportedVersions: this.#deps.supportedVersions,
      },
      options,
    );
    Object.assign(this.session, renewed);
    this.transport.setProtocolVersion?.(renewed.protocolVersion);
    await this.peer.notify('notifications/initialized');
    this.#generation++;
    await this.#deps.sessionRenewed?.(options, expiredBy);
  }

  /**
   * 2026-07-28: the `_meta` envelope on every request and the input_required retry loop. After an
   * UnsupportedProtocolVersionError naming a version this client speaks, it switches to that
   * version and retries once.
   */
  #sendStateless(
    method: string,
    params: JSONObject | undefined,
    options: RequestOptions | undefined,
  ): Promise<JSONObject> {
    // A `then` rather than async/await: this runs on every call, and the retry almost never.
    let first: Promise<JSONObject>;
    try {
      first = this.#attempt(method, params, options);
    } catch (error) {
      first = Promise.reject(error);
    }
    return first.then(undefined, (error: unknown) =>
      this.#retryWithOfferedVersion(error, method, params, options),
    );
  }

  #retryWithOfferedVersion(
    error: unknown,
    method: string,
    params: JSONObject | undefined,
    options: RequestOptions | undefined,
  ): Promise<JSONObject> {
    if (!(error instanceof JsonRpcError) || error.code !== ErrorCode.UnsupportedProtocolVersion) throw error;
    const offered = supportedList(error.data);
    const ours = newestFirst(this.#deps.supportedVersions, true);
    const next = ours.find((version) => offered.includes(version));
    if (next === undefined) throw error;
    this.session.protocolVersion = next;
    this.transport.setProtocolVersion?.(next);
    return this.#attempt(method, params, options);
  }

  #attempt(
    method: string,
    params: JSONObject | undefined,
    options: RequestOptions | undefined,
  ): Promise<JSONObject> {
    const protocolVersion = this.session.protocolVersion;
    let signal: AbortSignal | undefined;
    return sendStatelessRequest(this.peer, method, params, options, {
      identity: {
        protocolVersion,
        clientInfo: this.#deps.clientInfo,
        capabilities: this.#deps.capabilities(),
      },
      logLevel: this.logLevel,
      maxRounds: this.#deps.maxInputRounds,
      answer: (question, questionParams) => {
        // Made only when the server asks something: an AbortController per call is not free.
        signal ??= options?.signal ?? new AbortController().signal;
        return this.#deps.answer(question, questionParams, signal);
      },
    });
  }
}

/** Whether `error` (or a cause) is an HTTP transport's SESSION_EXPIRED; matched by code, not class. */
function isSessionExpired(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === 'SESSION_EXPIRED') return true;
    current = current.cause;
  }
  return false;
}

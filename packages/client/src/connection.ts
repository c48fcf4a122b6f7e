import { JsonRpcError, type Peer, type RequestOptions, type Transport } from '@mcpkit/jsonrpc';
import {
  type ClientCapabilities,
  ErrorCode,
  type Implementation,
  type JSONObject,
  type LoggingLevel,
} from '@mcpkit/protocol';
import type * as z from 'zod';
import type { RequestOptions as CallOptions } from './client-options.js';
import { type NegotiatedSession, newestFirst, supportedList } from './handshake.js';
import type { ListenStream } from './listen.js';
import { withCallerMeta } from './meta.js';
import { initializeHandshake } from './negotiation.js';
import { resultSchemaFor, type TypedMethod } from './result-schemas.js';
import { type RequestIdentity, sendStatelessRequest } from './stateless.js';
import { parseServerResult } from './validation.js';

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
  /** The last stateless identity: kept while its facts hold, not rebuilt for every request. */
  #lastIdentity: RequestIdentity | undefined;

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

  /**
   * Sends a request and returns `finish` of its final raw result (stateful: as is; stateless: see
   * `#sendStateless`); `fail` gets the errors left after this connection's own recoveries (a new
   * session, another revision), not those of `finish`. One `then` per call on the common path.
   */
  send<T>(
    method: string,
    params: JSONObject | undefined,
    options: RequestOptions | undefined,
    finish: (raw: JSONObject) => T,
    fail: (error: unknown) => T | Promise<T> = rethrow,
  ): Promise<T> {
    // The `stateless` getter written out: this runs on every request.
    if (this.session.mode === 'stateless') return this.#sendStateless(method, params, options, finish, fail);
    const sent = this.peer.request(method, params, options);
    if (!this.#deps.sessionRenewed || method === 'initialize') return sent.then(finish, fail);
    const generation = this.#generation;
    return sent.then(finish, (error: unknown) =>
      isSessionExpired(error)
        ? this.#renewAndResend(error, generation, method, params, options).then(finish, fail)
        : fail(error),
    );
  }

  /**
   * `send` with `options._meta` merged over `params._meta`, and the result validated by `schema`
   * (default: the typed method's schema for the negotiated revision) and handed to `then`.
   */
  call<T, R = T>(
    method: string,
    params: JSONObject | undefined,
    options: CallOptions | undefined,
    schema?: z.ZodType<T>,
    then?: (result: T) => R,
    fail?: (error: unknown) => R | Promise<R>,
  ): Promise<R> {
    const { session } = this;
    const checked = schema ?? resultSchemaFor(method as TypedMethod, session.protocolVersion);
    const finish = (raw: JSONObject) => {
      const result = parseServerResult(checked, raw, method, session.protocolVersion) as T;
      return then === undefined ? (result as unknown as R) : then(result);
    };
    const meta = options?._meta;
    return this.send(
      method,
      meta === undefined ? params : withCallerMeta(params, meta),
      options,
      finish,
      fail,
    );
  }

  /** A 404 means the server never ran the request, so sending it again on a new session is safe. */
  async #renewAndResend(
    error: unknown,
    generation: number,
    method: string,
    params: JSONObject | undefined,
    options: RequestOptions | undefined,
  ): Promise<JSONObject> {
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
  #sendStateless<T>(
    method: string,
    params: JSONObject | undefined,
    options: RequestOptions | undefined,
    finish: (raw: JSONObject) => T,
    fail: (error: unknown) => T | Promise<T>,
    retry = true,
  ): Promise<T> {
    // The identity object is kept while what it says holds: one allocation less per request.
    const capabilities = this.#deps.capabilities();
    let identity = this.#lastIdentity;
    if (
      identity?.protocolVersion !== this.session.protocolVersion ||
      identity.capabilities !== capabilities ||
      identity.logLevel !== this.logLevel
    ) {
      identity = {
        protocolVersion: this.session.protocolVersion,
        clientInfo: this.#deps.clientInfo,
        capabilities,
      };
      if (this.logLevel !== undefined) identity.logLevel = this.logLevel;
      this.#lastIdentity = identity;
    }
    const onError = (error: unknown): T | Promise<T> => {
      const unsupported =
        retry && error instanceof JsonRpcError && error.code === ErrorCode.UnsupportedProtocolVersion;
      const offered = unsupported ? supportedList(error.data) : [];
      const next = newestFirst(this.#deps.supportedVersions, true).find((v) => offered.includes(v));
      if (next === undefined) return fail(error);
      this.session.protocolVersion = next;
      this.transport.setProtocolVersion?.(next);
      return this.#sendStateless(method, params, options, finish, fail, false);
    };
    try {
      return sendStatelessRequest(this.peer, method, params, options, identity, this.#deps, finish, onError);
    } catch (error) {
      return Promise.reject(error).then(finish, onError);
    }
  }
}

/** The default `fail` of `send`: the error as it is. */
function rethrow(error: unknown): never {
  throw error;
}

/** Whether `error` (or a cause) is an HTTP transport's SESSION_EXPIRED; matched by code, not class. */
function isSessionExpired(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === 'SESSION_EXPIRED') return true;
    current = current.cause;
  }
  return false;
}

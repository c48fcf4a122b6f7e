import { JsonRpcError, type Peer, type RequestOptions, type Transport } from '@mcpkit/jsonrpc';
import {
  type ClientCapabilities,
  ErrorCode,
  type Implementation,
  isStatelessProtocolVersion,
  type JSONObject,
  type LoggingLevel,
} from '@mcpkit/protocol';
import { newestFirst, supportedList } from './discover.js';
import type { ListenStream } from './listen.js';
import type { NegotiatedSession } from './negotiation.js';
import type { ServerRequestContext } from './server-requests.js';
import { sendStatelessRequest } from './stateless.js';

/** What a connection needs from its client to send stateless requests. */
export interface ConnectionDeps {
  clientInfo: Implementation;
  supportedVersions: readonly string[];
  maxInputRounds: number;
  /** The capabilities to declare now (stateless requests declare them each time). */
  capabilities(): ClientCapabilities;
  answer(method: string, params: JSONObject | undefined, ctx: ServerRequestContext): Promise<JSONObject>;
}

/**
 * One live connection: the peer, what negotiation established, and the per-connection state of
 * the 2026-07-28 revision (log level, listen stream). `send` hides which era the server is in.
 */
export class ClientConnection {
  /** 2026-07-28: the level `setLoggingLevel` chose, sent in each request's `_meta`. */
  logLevel?: LoggingLevel;
  /** 2026-07-28: the open `subscriptions/listen` stream, once anything was asked for. */
  listen?: ListenStream;

  constructor(
    readonly peer: Peer,
    readonly transport: Transport,
    readonly session: NegotiatedSession,
    /** What `initialize` declared (a stateful session cannot change it). */
    readonly declaredCapabilities: ClientCapabilities,
    private readonly deps: ConnectionDeps,
  ) {}

  get stateless(): boolean {
    return this.session.mode === 'stateless';
  }

  /** Sends a request and returns its raw result (stateful: as is; stateless: see `#sendStateless`). */
  send(
    method: string,
    params: JSONObject | undefined,
    options: RequestOptions | undefined,
  ): Promise<JSONObject> {
    if (!this.stateless) return this.peer.request(method, params, options);
    return this.#sendStateless(method, params, options);
  }

  /**
   * 2026-07-28: the `_meta` envelope on every request and the input_required retry loop. After an
   * UnsupportedProtocolVersionError naming a version this client speaks, it switches to that
   * version and retries once.
   */
  async #sendStateless(
    method: string,
    params: JSONObject | undefined,
    options: RequestOptions | undefined,
  ): Promise<JSONObject> {
    try {
      return await this.#attempt(method, params, options);
    } catch (error) {
      if (!(error instanceof JsonRpcError) || error.code !== ErrorCode.UnsupportedProtocolVersion)
        throw error;
      const offered = supportedList(error.data);
      const ours = newestFirst(this.deps.supportedVersions.filter(isStatelessProtocolVersion));
      const next = ours.find((version) => offered.includes(version));
      if (next === undefined) throw error;
      this.session.protocolVersion = next;
      this.transport.setProtocolVersion?.(next);
      return this.#attempt(method, params, options);
    }
  }

  #attempt(
    method: string,
    params: JSONObject | undefined,
    options: RequestOptions | undefined,
  ): Promise<JSONObject> {
    const protocolVersion = this.session.protocolVersion;
    let signal: AbortSignal | undefined;
    return sendStatelessRequest(this.peer, method, params, options, {
      identity: { protocolVersion, clientInfo: this.deps.clientInfo, capabilities: this.deps.capabilities() },
      logLevel: this.logLevel,
      maxRounds: this.deps.maxInputRounds,
      answer: (question, questionParams) => {
        // Made only when the server asks something: an AbortController per call is not free.
        signal ??= options?.signal ?? new AbortController().signal;
        const context: ServerRequestContext = { signal, protocolVersion };
        if (this.session.serverInfo) context.serverInfo = this.session.serverInfo;
        return this.deps.answer(question, questionParams, context);
      },
    });
  }
}

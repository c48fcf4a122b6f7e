import type { AuthInfo, MessageExtra, RequestContext as PeerRequestContext } from '@mcpkit/jsonrpc';
import type {
  ClientCapabilities,
  Implementation,
  JSONObject,
  LoggingLevel,
  ProgressToken,
  RequestId,
} from '@mcpkit/protocol/essentials';
import type { InputRequest, InputRequestOptions } from '../core/input-request.js';
import type { RequestContext, SessionControls } from '../core/request-context.js';
import type { TaskRunner } from '../core/tasks.js';

/** What a request's context needs from the server (McpServer; see SessionlessHost). */
export interface RequestContextHost {
  readonly options: { capabilities?: { logging?: boolean } };
  negotiateVersion(requested: string): string;
}

/**
 * The core's RequestContext for one request up to 2025-11-25, of a stateful session or of none.
 * Without a handshake (a stateless POST, a session resumed in another process) the transport's
 * declared version applies and the client is assumed to have no capabilities. Made for every
 * request, so it is a class (methods shared on the prototype) rather than an object of fresh
 * closures, and it fills itself in (no helper function in between).
 */
export class SessionRequestContext implements RequestContext {
  readonly protocolVersion: string;
  readonly clientCapabilities: ClientCapabilities;
  readonly requestId: RequestId;
  readonly session: SessionControls;
  clientInfo?: Implementation;
  logLevel?: LoggingLevel;
  progressToken?: ProgressToken;
  sessionId?: string;
  authInfo?: AuthInfo;
  extra?: MessageExtra;
  _meta?: Readonly<JSONObject>;
  tasks?: TaskRunner;
  readonly #peer: PeerRequestContext;

  constructor(
    host: RequestContextHost,
    peer: PeerRequestContext,
    // What initialize negotiated (sessionless.ts's NegotiatedSession), if it ran.
    negotiated:
      | { protocolVersion: string; clientCapabilities: ClientCapabilities; clientInfo?: Implementation }
      | undefined,
    session: SessionControls,
    logLevel: LoggingLevel,
    sessionId: string | undefined,
  ) {
    const extra = peer.extra;
    this.#peer = peer;
    this.protocolVersion = negotiated?.protocolVersion ?? host.negotiateVersion(extra?.protocolVersion ?? '');
    this.clientCapabilities = negotiated?.clientCapabilities ?? {};
    this.requestId = peer.requestId;
    this.session = session;
    // Declared fields: own properties (undefined) whether or not the request has them.
    this.clientInfo = negotiated?.clientInfo;
    // No logging capability, no log messages. The option decides it alone (computeCapabilities),
    // so it is read here rather than the server's capabilities, which the core asks for anyway.
    if (host.options.capabilities?.logging !== false) this.logLevel = logLevel;
    this.progressToken = peer.progressToken;
    this.sessionId = sessionId ?? extra?.sessionId;
    this.extra = extra;
    this.authInfo = extra?.authInfo;
  }

  /** Read lazily: the peer makes the AbortController only for handlers that look at it. */
  get signal(): AbortSignal {
    return this.#peer.signal;
  }

  sendNotification(method: string, params: JSONObject): Promise<void> {
    return this.#peer.sendNotification(method, params);
  }

  requestInput(request: InputRequest, options?: InputRequestOptions): Promise<JSONObject> {
    // An undefined timeout is the peer's default.
    return this.#peer.sendRequest(request.method, request.params, { timeoutMs: options?.timeoutMs });
  }
}

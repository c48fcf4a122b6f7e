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

/**
 * The core's RequestContext for one request of a stateful session. Made for every request, so
 * it is a class (methods shared on the prototype) rather than an object of fresh closures.
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
    peer: PeerRequestContext,
    protocolVersion: string,
    clientCapabilities: ClientCapabilities,
    session: SessionControls,
  ) {
    this.#peer = peer;
    this.protocolVersion = protocolVersion;
    this.clientCapabilities = clientCapabilities;
    this.requestId = peer.requestId;
    this.session = session;
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

import type { AuthInfo, MessageExtra } from '@mcpkit/jsonrpc';
import type {
  ClientCapabilities,
  Implementation,
  JSONObject,
  LoggingLevel,
  ProgressToken,
  RequestId,
} from '@mcpkit/protocol/essentials';
import type { InputRequest, InputRequestOptions } from './input-request.js';
import type { TaskRunner } from './tasks.js';

// The explicit context of one request handled by the I/O-free core. Whoever calls
// `McpServer.handle` supplies it: the stateful session from what `initialize` negotiated, a
// stateless (2026-07-28) adapter from the request's own `_meta`. The core never reaches for a
// connection; everything it may do to the outside world goes through the callbacks below.

/** Operations that exist only with a stateful session (revisions up to 2025-11-25). */
export interface SessionControls {
  /** Sets the least severe log level sent to this session (as `logging/setLevel` does). */
  setLogLevel(level: LoggingLevel): void;
  /** Subscribes this session to updates of a resource URI (as `resources/subscribe` does). */
  subscribe(uri: string): void;
  /** Ends this session's subscription to a resource URI. */
  unsubscribe(uri: string): void;
  /**
   * Negotiates `initialize` and returns its result: the core answers `initialize` through it, so
   * the request passes the middleware chain as every other does. Where absent, -32601.
   */
  initialize?(params: JSONObject | undefined): JSONObject;
}

/**
 * What a handler knows about the request it serves: revision, session, client, authentication and HTTP
 * facts.
 */
export interface RequestContext {
  /** The revision this request speaks (negotiated by initialize, or from `_meta` in 2026-07-28). */
  protocolVersion: string;
  clientCapabilities: ClientCapabilities;
  clientInfo?: Implementation;
  /** Lowest level of `notifications/message` to send for this request; undefined sends none. */
  logLevel?: LoggingLevel;
  progressToken?: ProgressToken;
  /** Aborted when the client cancels the request or the connection closes. */
  signal: AbortSignal;
  requestId?: RequestId;
  sessionId?: string;
  authInfo?: AuthInfo;
  /** Transport facts about the message (headers, session id, ...). */
  extra?: MessageExtra;
  /**
   * The request's `params._meta` as received (W3C `traceparent`, a progress token, the 2026-07-28
   * envelope, the client's own keys), when it is an object. Not to be modified.
   */
  _meta?: Readonly<JSONObject>;
  /** Sends a notification tied to this request (progress, log messages). */
  sendNotification(method: string, params: JSONObject): Promise<void>;
  /**
   * Asks the client something and resolves with its answer. A stateful session sends a real
   * request; a stateless adapter answers from `inputResponses` or throws {@link InputRequiredSignal}.
   */
  requestInput(request: InputRequest, options?: InputRequestOptions): Promise<JSONObject>;
  /** Present only for stateful sessions: logging/setLevel and resources/(un)subscribe need it. */
  session?: SessionControls;
  /** Where task-augmented requests run (2025-11-25 sessions with tasks enabled). */
  tasks?: TaskRunner;
  /**
   * Present while a tools/call may still become a 2026-07-28 extension task: answers the request
   * with the task, after which the handler's work is the task's.
   */
  startTask?(): void;
}

/** `params._meta` when it is an object: what {@link RequestContext._meta} holds. */
export function requestMetaOf(params: JSONObject | undefined): Readonly<JSONObject> | undefined {
  const meta = params?._meta;
  return typeof meta === 'object' && meta !== null && !Array.isArray(meta) ? (meta as JSONObject) : undefined;
}

const readOnlyCopies = new WeakMap<object, Readonly<JSONObject>>();

/**
 * What handlers and middleware see of a request's `_meta`: a frozen copy of its top level, made
 * on first read and shared by everyone who reads it (the core keeps reading the original, so a
 * handler cannot change what the SDK itself relies on).
 */
export function readOnlyMeta(meta: Readonly<JSONObject> | undefined): Readonly<JSONObject> | undefined {
  if (meta === undefined || Object.isFrozen(meta)) return meta;
  let copy = readOnlyCopies.get(meta);
  if (copy === undefined) {
    copy = Object.freeze({ ...meta });
    readOnlyCopies.set(meta, copy);
  }
  return copy;
}

/**
 * Thrown by a stateless adapter's `requestInput` when the answer is not among the request's
 * `inputResponses`: the core stops the handler and answers `input_required` with these requests
 * (2026-07-28 multi-round-trip requests). Never thrown in stateful sessions.
 */
export class InputRequiredSignal extends Error {
  override readonly name = 'InputRequiredSignal';
  readonly inputRequests: Record<string, InputRequest>;
  readonly requestState?: string;

  constructor(inputRequests: Record<string, InputRequest>, requestState?: string) {
    super(`Input required from the client: ${Object.keys(inputRequests).join(', ')}`);
    this.inputRequests = inputRequests;
    this.requestState = requestState;
  }
}

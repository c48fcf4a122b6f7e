import type { JSONRPCMessage, RequestId } from '@mcpkit/protocol/essentials';

/**
 * Facts a transport learned about one incoming message. HTTP-specific details travel here,
 * never as new Transport methods.
 */
export interface MessageExtra {
  /** Authentication info the transport established (e.g. from a bearer token). */
  authInfo?: AuthInfo;
  /** The session this message belongs to, when the transport has sessions. */
  sessionId?: string;
  /** Headers of the HTTP request that carried the message (HTTP transports only). */
  requestHeaders?: Headers;
  /** The negotiated or declared protocol version carried by the transport (e.g. the HTTP header). */
  protocolVersion?: string;
  /**
   * For an error response the transport made up because the real one cannot arrive (e.g. an SSE
   * stream that broke for good): the local failure behind it, which `JsonRpcPeer` keeps as the
   * rejected request's `cause`.
   */
  cause?: Error;
}

/** Who made a request, as an authentication hook decided. */
export interface AuthInfo {
  token: string;
  clientId: string;
  scopes: string[];
  expiresAt?: number;
  /**
   * The user (or workload) the token was issued for, e.g. the JWT `sub` claim. HTTP sessions are
   * bound to it as well as to `clientId`: two users of one OAuth client never share a session.
   */
  subject?: string;
  extra?: Record<string, unknown>;
}

/**
 * Options of `Transport.send`: the request an outgoing message belongs to, and resumption tokens for
 * clients.
 */
export interface TransportSendOptions {
  /**
   * The incoming request this outgoing message belongs to: its response, or a notification or
   * server-to-client request sent while handling it. HTTP servers route the message to that
   * request's stream.
   */
  relatedRequestId?: RequestId;
  /** For clients resuming an interrupted stream: the last event id seen. */
  resumptionToken?: string;
  /** Called with each new resumption token (SSE event id) of the stream carrying the answer. */
  onresumptiontoken?: (token: string) => void;
}

/**
 * A settled promise a transport may return from `send` for a message it has already handed over
 * whole (nothing left that could fail): `JsonRpcPeer` then skips watching it for a failure, which
 * spares a promise reaction and a microtask on every answer it sends.
 */
export const ALREADY_SENT: Promise<void> = Promise.resolve();

/**
 * A bidirectional, ordered channel of JSON-RPC messages. Small and frozen: start, send, close,
 * and three callbacks. A contributor writes a new transport against this and runs the
 * contract suite from `@mcpkit/jsonrpc/testing`.
 */
export interface Transport {
  /** Begin delivering messages to `onmessage`. Called once, after the callbacks are set. */
  start(): Promise<void>;
  /** Deliver one message to the peer. Rejects when the transport is closed or the message cannot be sent. */
  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void>;
  /**
   * Optional: deliver one message that is already JSON text, written as it is (no parse, no
   * re-encoding), in order with `send` and under the same backpressure. For relays that forward a
   * message they received without parsing it; the caller vouches that `text` is exactly one
   * JSON-RPC message (not a batch). A transport offers it only where a message needs nothing but its
   * text to be sent (no `TransportSendOptions` routing, e.g. stdio); a caller without it uses `send`.
   */
  sendText?(text: string): Promise<void>;
  /** Close the channel; `onclose` fires once, whichever side closed. */
  close(): Promise<void>;

  /**
   * Receives each incoming message with what the transport learned about it (session, auth, HTTP
   * headers).
   */
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtra) => void;
  /**
   * The channel closed. `reason` says why when it broke rather than being closed on purpose (the
   * server process exited, the server became unreachable): an Error whose message names the cause,
   * with the underlying facts as its properties or `cause`. `JsonRpcPeer` rejects every pending
   * request with CONNECTION_CLOSED carrying that message and the reason as `cause`. A transport
   * may omit it (an orderly close, or a transport written before the parameter existed).
   */
  onclose?: (reason?: Error) => void;
  /** A non-fatal problem: a malformed message, a failed write. Fatal problems also call `onclose`. */
  onerror?: (error: Error) => void;

  /** The session id, for transports that have sessions. */
  sessionId?: string;
  /** Told by the client or server after negotiation, so the transport can set version headers. */
  setProtocolVersion?(version: string): void;
  /**
   * Era detection (2026-07-28 backward compatibility): `true` where a legacy server may stay silent
   * to `server/discover` (stdio), so a client may fall back to `initialize` after a probe timeout.
   * Absent or `false` (HTTP: a legacy server answers with a 4xx): silence is slowness, never a
   * legacy server.
   */
  readonly legacyPeersMayStaySilent?: boolean;
}

import type { Implementation } from '@mcpkit/protocol/essentials';

/**
 * A stateful session opened (its `initialize` was answered, or it was restored) or closed, for
 * session metrics such as `mcp.server.session.duration`. Stateless (2026-07-28) requests and
 * sessionless answers (`McpServer.answer`) have no session and raise none. Optional fields that do
 * not apply may be present as undefined.
 */
export interface SessionEvent {
  type: 'open' | 'close';
  /** The session's id (HTTP); undefined on stdio and other one-client transports. */
  sessionId?: string;
  /** The revision the session negotiated. */
  protocolVersion: string;
  /** What the client said about itself in `initialize`. */
  clientInfo?: Implementation;
  /** The transport's name when the app gave one (`ConnectOptions.transportName`, e.g. `stdio`). */
  transport?: string;
  /** Why a session closed when it broke rather than being closed on purpose (the transport's reason). */
  error?: Error;
}

/** Hears session open and close events (`McpServer.onSession`). */
export type SessionListener = (event: SessionEvent) => void;

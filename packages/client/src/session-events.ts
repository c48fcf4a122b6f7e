import type { Transport } from '@mcpkit/jsonrpc';
import type { Implementation } from '@mcpkit/protocol';
import type { NegotiatedSession } from './handshake.js';

/**
 * A stateful session of the client began or ended (for the `mcp.client.session.duration`
 * histogram). A 2026-07-28 connection has no session and sends no events.
 */
export interface ClientSessionEvent {
  type: 'open' | 'close';
  /** The transport's session id (HTTP), absent where the transport has none (stdio, in-memory). */
  sessionId?: string;
  protocolVersion: string;
  serverInfo?: Implementation;
  /** On `close`: why the session ended, when it did not end by `close()` (transport failure, expiry). */
  error?: Error;
}

/** Receives session open and close events; a throw is reported through `onerror`, never rethrown. */
export type ClientSessionListener = (event: ClientSessionEvent) => void;

/**
 * The session listeners (a set: `add` and `delete` subscribe and unsubscribe), and the session now
 * open, so `close` repeats what `open` said.
 */
export class SessionEvents extends Set<ClientSessionListener> {
  #open: ClientSessionEvent | undefined;
  readonly #report: (error: Error) => void;

  constructor(report: (error: Error) => void) {
    super();
    this.#report = report;
  }

  /** The handshake (or a renewal) established `session`; a 2026-07-28 one is no session. */
  opened(transport: Transport, session: NegotiatedSession): void {
    if (session.mode !== 'stateful') return;
    const { protocolVersion, serverInfo } = session;
    this.#open = { type: 'open', sessionId: transport.sessionId, protocolVersion, serverInfo };
    this.#emit(this.#open);
  }

  /** Ends the open session, if any (a client that never opened one sends nothing). */
  closed(error?: Error): void {
    const open = this.#open;
    this.#open = undefined;
    if (open) this.#emit({ ...open, type: 'close', error });
  }

  #emit(event: ClientSessionEvent): void {
    for (const listener of this) {
      try {
        listener(event);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        this.#report(new Error(`A session ${event.type} listener failed: ${reason}`, { cause: error }));
      }
    }
  }
}

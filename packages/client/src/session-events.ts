import type { Implementation } from '@mcpkit/protocol';

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

/** The session listeners and the session now open, so `close` repeats what `open` said. */
export class SessionEvents {
  #listeners: readonly ClientSessionListener[] = [];
  #open: ClientSessionEvent | undefined;
  readonly #report: (error: Error) => void;

  constructor(report: (error: Error) => void) {
    this.#report = report;
  }

  add(listener: ClientSessionListener): () => void {
    this.#listeners = [...this.#listeners, listener];
    return () => {
      this.#listeners = this.#listeners.filter((each) => each !== listener);
    };
  }

  opened(
    sessionId: string | undefined,
    protocolVersion: string,
    serverInfo: Implementation | undefined,
  ): void {
    const event: ClientSessionEvent = { type: 'open', protocolVersion };
    if (sessionId !== undefined) event.sessionId = sessionId;
    if (serverInfo !== undefined) event.serverInfo = serverInfo;
    this.#open = event;
    this.#emit(event);
  }

  /** Ends the open session, if any (a client that never opened one sends nothing). */
  closed(error: Error | undefined): void {
    const open = this.#open;
    if (open === undefined) return;
    this.#open = undefined;
    const event: ClientSessionEvent = { ...open, type: 'close' };
    if (error !== undefined) event.error = error;
    this.#emit(event);
  }

  #emit(event: ClientSessionEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        this.#report(new Error(`A session ${event.type} listener failed: ${reason}`, { cause: error }));
      }
    }
  }
}

import type { MessageExtra, WireLog } from '@mcpkit/jsonrpc';
import type { KeepAlive } from './keep-alive.js';
import type { ResponseMode } from './outbound-stream.js';
import type { Awaitable, EventStore, MessageBus, SessionStore } from './stores/types.js';

/** MessageExtra as this transport fills it: the standard facts plus a way to end the SSE connection. */
export interface HttpMessageExtra extends MessageExtra {
  /**
   * For requests: closes the HTTP connection of this request's SSE stream without ending the stream
   * (SEP-1699 polling); the client reconnects after `retryMs` with `Last-Event-ID`.
   */
  closeSseStream?: (retryMs?: number) => void;
  /**
   * 2026-07-28 requests: the `Mcp-Param-{Name}` headers (SEP-2243), Base64 sentinel values decoded,
   * keyed by the lower-cased `{Name}`. The server compares them with the tool arguments its
   * `x-mcp-header` annotations name, and answers -32020 (HTTP 400) on a missing or different value.
   */
  mcpParams?: Record<string, string>;
}

/**
 * What every session of one handler shares (one object, so an idle session costs little); `T` is
 * the session transport (a parameter, so this file imports nothing of it).
 */
export interface SharedSessionEnvironment<T> {
  readonly eventStore: EventStore | undefined;
  readonly bus: MessageBus;
  readonly sessionStore: SessionStore;
  readonly retryMs: number;
  readonly keepAlive: KeepAlive;
  readonly responseMode: ResponseMode;
  /** Logs each message received and sent (`MCPKIT_DEBUG=wire`); undefined when that is off. */
  readonly wireLog: WireLog | undefined;
  /**
   * Names this handler among processes sharing the stores; undefined when it shares nothing (no
   * messageBus or sessionStore was given), and every message stays in this process.
   */
  readonly instanceId: string | undefined;
  onerror(error: Error): void;
  /** The session ended (DELETE, expiry, close()); the handler forgets it. */
  sessionClosed(transport: T): void;
  /** The server answered the session's initialize with a result: from now on the session exists. */
  sessionAdmitted(transport: T): Awaitable<void>;
  /** The session's state log grew here (`broadcastChanges`: other processes' copies re-read it). */
  readonly stateChanged: ((sessionId: string) => Promise<void>) | undefined;
  streamOpened(): void;
  streamFinished(): void;
}

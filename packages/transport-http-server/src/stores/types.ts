import type { JSONRPCMessage, JSONRPCRequest, RequestId } from '@mcpkit/protocol';

/** A value, or a promise of it. */
export type Awaitable<T> = T | Promise<T>;

/** What a session remembers between requests: the facts `initialize` negotiated and who owns it. */
export interface SessionRecord {
  id: string;
  /** `streamable` (2025 Streamable HTTP) or `legacy-sse` (2024-11-05 HTTP+SSE). */
  kind: 'streamable' | 'legacy-sse';
  /** The version the server answered `initialize` with; undefined until it has answered. */
  protocolVersion?: string;
  clientInfo?: unknown;
  clientCapabilities?: unknown;
  /** `clientId` of the authenticated principal that created the session; only it may use the session. */
  principal?: string;
  /** `subject` of that principal (the user), when authentication named one; it must match too. */
  subject?: string;
  createdAt: number;
  lastSeenAt: number;
  /**
   * What the client's `initialize` asked for (its `protocolVersion`), kept so another process can
   * bring a server up to this session by replaying it (rehydration).
   */
  requestedVersion?: string;
  /**
   * The state-changing requests the server answered with a result since initialize
   * (`logging/setLevel`, `resources/subscribe`, `resources/unsubscribe`), oldest first, compacted
   * (one entry per level or resource) and bounded; replayed when another process rehydrates the session.
   */
  stateLog?: SessionStateEntry[];
  /** The state log outgrew its bound: the session can no longer be rehydrated elsewhere. */
  stateLogOverflow?: boolean;
}

/** One state-changing request of a session, as its record keeps it for rehydration. */
export interface SessionStateEntry {
  /** Increases with every entry of the session; a process replays the entries it has not applied. */
  seq: number;
  method: string;
  params?: unknown;
}

/**
 * Where session records live. In memory by default; a shared implementation (e.g. Redis) lets
 * several processes agree on which sessions exist. A shared store whose backend cannot be reached
 * marks its errors `storeUnavailable: true` (`StoreUnavailable`): the handler then answers 503
 * with `Retry-After` instead of 500.
 */
export interface SessionStore {
  /** The record of a session, or undefined when it is unknown or expired. */
  get(id: string): Awaitable<SessionRecord | undefined>;
  /** Stores or replaces the record of a session. */
  set(record: SessionRecord): Awaitable<void>;
  /** Records activity so the session does not expire. */
  touch(id: string, now: number): Awaitable<void>;
  /** Forgets a session. */
  delete(id: string): Awaitable<void>;
  /** Ids of sessions last seen before `cutoff` (epoch ms). */
  idleSince(cutoff: number): Awaitable<string[]>;
}

/** One stored SSE event; `message` is undefined for a priming event, which only marks a position. */
export interface StoredEvent {
  id: string;
  message: JSONRPCMessage | undefined;
}

/**
 * What a POST's SSE stream answers, kept with its history so that a process resuming the stream
 * (maybe not the one running the call) knows which requests it waits for and who runs them.
 */
export interface StreamOrigin {
  /** The requests of the POST, whose responses end the stream. */
  requests: JSONRPCRequest[];
  /** The handler instance running them (`instanceId`), when processes share the stores. */
  instanceId?: string;
  /** The stream's first stored event (a priming event): replaying after it yields the whole stream. */
  firstEventId: string;
}

/** What a resume gets from the event store. */
export interface Replay {
  streamId: string;
  /** The events after `lastEventId`, in order; empty when `lost` is set. */
  events: StoredEvent[];
  /**
   * Set when some events after `lastEventId` are no longer stored, so the resume cannot be served
   * exactly: why, for the client (e.g. `history keeps 256 events per stream`). Never a silent gap.
   */
  lost?: string;
  /** What the stream answers, when the store keeps origins (`setOrigin`). */
  origin?: StreamOrigin;
}

/**
 * The resumable history of each SSE stream (SEP-1699): the server appends every event it sends;
 * a client reconnecting with `Last-Event-ID` gets what followed on that stream, and only that stream.
 * A store must never answer a resume with a gap: when events after `lastEventId` were dropped (a
 * bound, an expiry), `replayAfter` says so with `lost`, and the client is told.
 */
export interface EventStore {
  /** Stores one event and returns its id, unique within the session and naming its stream. */
  append(sessionId: string, streamId: string, message: JSONRPCMessage | undefined): Awaitable<string>;
  /**
   * The stream `lastEventId` belongs to and the events after it (or `lost`: they are not all held
   * any more), or undefined when the id is unknown, expired, or belongs to another session.
   */
  replayAfter(sessionId: string, lastEventId: string): Awaitable<Replay | undefined>;
  /**
   * Optional: keeps what a POST stream answers with its history, for as long as the history, and
   * returns it in `replayAfter`. Without it a stream resumed where it is not live ends after the replay.
   */
  setOrigin?(sessionId: string, streamId: string, origin: StreamOrigin): Awaitable<void>;
  /**
   * Optional, with `isAlive`: records that handler instance `instanceId` is alive for the next
   * `ttlMs` (the handler calls it on a timer while shared stores are in use).
   */
  markAlive?(instanceId: string, ttlMs: number): Awaitable<void>;
  /**
   * Optional: whether `instanceId` marked itself alive within its ttl. A stream whose origin names
   * an instance that is not alive and whose response is not stored may be run again elsewhere
   * (`canRerun`). Without it every instance counts as alive.
   */
  isAlive?(instanceId: string): Awaitable<boolean>;
  /** Forgets every event of a session (it ended). */
  deleteSession(sessionId: string): Awaitable<void>;
  /**
   * Optional: forgets expired history of every session. The HTTP handler calls it from its periodic
   * sweep, so history ages out even in a session that never writes again.
   */
  prune?(): Awaitable<void>;
}

/** One outbound message on its way to the stream that should carry it. */
export interface OutboundEnvelope {
  message: JSONRPCMessage;
  relatedRequestId?: RequestId;
  /**
   * The handler instance (`instanceId`) that published it for another process to carry: its own
   * subscription ignores it, and a process without the stream it belongs on leaves it alone.
   */
  from?: string;
  /**
   * Only this instance takes it: the client's response to a server-to-client request that instance
   * sent, which the client POSTed to another process.
   */
  to?: string;
}

/**
 * Carries a session's outbound messages to whichever process holds its streams. The in-memory bus
 * delivers within the process; a shared bus (e.g. Redis pub/sub) lets a server running in one
 * process answer on a stream held by another. A 2026-07-28 request has no session: its response
 * stream is a channel of its own, named `request:<random hex>`, passed where a session id goes.
 */
export interface MessageBus {
  /** Resolves true when a subscriber of the session took the message. */
  publish(sessionId: string, envelope: OutboundEnvelope): Awaitable<boolean>;
  /**
   * Registers a process holding the session's streams; returns the unsubscribe function. An
   * envelope with `from` set must reach every subscriber of the session, in every process (also
   * the publisher's own, which ignores it).
   */
  subscribe(sessionId: string, deliver: (envelope: OutboundEnvelope) => Awaitable<void>): () => void;
}

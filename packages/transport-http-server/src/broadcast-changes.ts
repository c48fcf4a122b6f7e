import type { JSONRPCMessage, JSONRPCNotification } from '@mcpkit/protocol';
import type { MessageBus, OutboundEnvelope, SessionRecord, SessionStore } from './stores/types.js';

// Change notifications across processes (the `broadcastChanges` option). A change a server raises
// (a list changed, a resource was updated) is published once on the bus channel CHANGES_CHANNEL;
// every process sharing the bus, the publisher too, hands it to its own server for the streams it
// holds: 2026-07-28 subscriptions/listen streams (the server's listeners) and the 2025 sessions
// whose GET stream is here. A copy of a session whose GET stream another process holds is left
// out, so the change reaches that stream once, from its holder. The channel also carries the
// hint that a session's state log grew (resources/subscribe elsewhere): the processes with a copy
// of that session replay it before any change published after it.

/** The bus channel of server changes and session state hints (never a session id: those are hex). */
export const CHANGES_CHANNEL = 'cluster:changes';

/** The notification that tells the processes holding a session's GET stream to re-read its state. */
const STATE_HINT = 'mcpkit/sessionStateChanged';

const LISTS = ['tools', 'resources', 'prompts'] as const;

/** A change a server raises; the shape of `ServerEvent` in `@mcpkit/server`. */
export type ChangeEvent =
  | { type: 'list_changed'; list: (typeof LISTS)[number] }
  | { type: 'resource_updated'; uri: string };

/** A session as the server knows it: the id names its transport in this handler. */
export interface ChangeSession {
  readonly sessionId: string | undefined;
}

/**
 * What `broadcastChanges` needs of a server: `McpServer` has it. `changed` is where every change
 * the server raises goes; the handler wraps it on the instance while it runs.
 */
export interface ChangeSource {
  readonly sessions: Iterable<ChangeSession>;
  /** Sends `event` to `sessions` (default: every session that wants it) and to the listeners. */
  changed(event: ChangeEvent, sessions?: Iterable<ChangeSession>): void;
}

/** What a process knows of a session's transport here. */
export interface LocalSession {
  /** Defined for 2025 Streamable HTTP sessions: whether this process holds the GET stream. */
  readonly holdsStandaloneStream?: boolean;
  catchUp?(record: SessionRecord): Promise<void>;
}

export interface ChangeLinkOptions {
  server: ChangeSource;
  bus: MessageBus;
  sessionStore: SessionStore;
  instanceId: string;
  /** The transport of a live session of this handler. */
  local(sessionId: string): LocalSession | undefined;
  onerror(error: Error): void;
}

export interface ChangeLink {
  /** Tells the processes with a copy of the session that its state log grew. */
  stateChanged(sessionId: string): Promise<void>;
  /** Stops listening and gives the server its own `changed` back. */
  stop(): void;
}

/** Servers linked by a handler: two links would deliver every change twice. */
const linked = new WeakSet<ChangeSource>();

export function linkChanges(options: ChangeLinkOptions): ChangeLink {
  const { server, bus, instanceId, onerror } = options;
  if (linked.has(server)) {
    throw new TypeError(
      'broadcastChanges: this server is already linked to another handler; give it to one handler only',
    );
  }
  linked.add(server);
  // The server's own method (on its prototype), called with the sessions held here.
  const deliver = server.changed;
  const deliverHere = (event: ChangeEvent) => deliver.call(server, event, held(server, options.local));
  const wrapped = (event: ChangeEvent, sessions?: Iterable<ChangeSession>): void => {
    if (sessions !== undefined) {
      deliver.call(server, event, sessions);
      return;
    }
    const message = toNotification(event);
    Promise.resolve(bus.publish(CHANGES_CHANNEL, { message, from: instanceId })).catch((error: unknown) => {
      // The other processes miss it; the streams held here need not.
      onerror(new Error(`broadcastChanges: publishing ${message.method} failed: ${reason(error)}`));
      deliverHere(event);
    });
  };
  server.changed = wrapped;
  // One at a time, in the order the bus delivers them: a state hint is applied before later changes.
  let tail: Promise<void> = Promise.resolve();
  const receive = async (envelope: OutboundEnvelope): Promise<void> => {
    const message = envelope.message;
    if (!('method' in message) || 'id' in message) return unexpected(message);
    if (message.method === STATE_HINT) {
      const sessionId = message.params?.sessionId;
      if (envelope.from !== instanceId && typeof sessionId === 'string') await refresh(sessionId);
      return;
    }
    const event = toEvent(message);
    if (event === undefined) return unexpected(message);
    deliverHere(event);
  };
  const unexpected = (message: JSONRPCMessage) =>
    onerror(
      new Error(
        `broadcastChanges: ignored a message on ${CHANGES_CHANNEL} that is no change: ${JSON.stringify(message).slice(0, 200)}`,
      ),
    );
  // Every copy here, not only one holding the GET stream: a GET being opened now may have read the
  // record before this change was stored.
  const refresh = async (sessionId: string): Promise<void> => {
    const session = options.local(sessionId);
    if (session?.catchUp === undefined) return;
    try {
      const record = await options.sessionStore.get(sessionId);
      if (record) await session.catchUp(record);
    } catch (error) {
      throw new Error(
        `bringing session ${sessionId} up to date after a change elsewhere failed: ${reason(error)}`,
        {
          cause: error,
        },
      );
    }
  };
  const unsubscribe = listenOn(bus, (envelope) => {
    tail = tail
      .then(() => receive(envelope))
      .catch((error: unknown) => onerror(new Error(`broadcastChanges: ${reason(error)}`, { cause: error })));
    return tail;
  });
  return {
    async stateChanged(sessionId) {
      const message: JSONRPCNotification = { jsonrpc: '2.0', method: STATE_HINT, params: { sessionId } };
      await bus.publish(CHANGES_CHANNEL, { message, from: instanceId });
    },
    stop() {
      unsubscribe();
      if (server.changed === wrapped) server.changed = deliver;
      linked.delete(server);
    },
  };
}

type Receiver = (envelope: OutboundEnvelope) => Promise<void>;

/** The receivers of each bus: a bus may keep one subscriber per channel, and handlers can share a bus. */
const receivers = new WeakMap<MessageBus, { all: Set<Receiver>; unsubscribe: () => void }>();

function listenOn(bus: MessageBus, receiver: Receiver): () => void {
  let entry = receivers.get(bus);
  if (!entry) {
    const all = new Set<Receiver>();
    const unsubscribe = bus.subscribe(CHANGES_CHANNEL, async (envelope) => {
      await Promise.all([...all].map((receive) => receive(envelope)));
    });
    entry = { all, unsubscribe };
    receivers.set(bus, entry);
  }
  const { all } = entry;
  all.add(receiver);
  return () => {
    all.delete(receiver);
    if (all.size > 0 || receivers.get(bus)?.all !== all) return;
    receivers.delete(bus);
    entry.unsubscribe();
  };
}

/**
 * The sessions of this process a change goes to: all but the 2025 copies whose GET stream another
 * process holds (that process delivers the change there).
 */
function held(server: ChangeSource, local: (sessionId: string) => LocalSession | undefined): ChangeSession[] {
  const sessions: ChangeSession[] = [];
  for (const session of server.sessions) {
    const id = session.sessionId;
    if (id === undefined || local(id)?.holdsStandaloneStream !== false) sessions.push(session);
  }
  return sessions;
}

function toNotification(event: ChangeEvent): JSONRPCNotification {
  return event.type === 'list_changed'
    ? { jsonrpc: '2.0', method: `notifications/${event.list}/list_changed` }
    : { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: event.uri } };
}

function toEvent(message: JSONRPCNotification): ChangeEvent | undefined {
  if (message.method === 'notifications/resources/updated') {
    const uri = message.params?.uri;
    return typeof uri === 'string' ? { type: 'resource_updated', uri } : undefined;
  }
  const list = LISTS.find((name) => message.method === `notifications/${name}/list_changed`);
  return list === undefined ? undefined : { type: 'list_changed', list };
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

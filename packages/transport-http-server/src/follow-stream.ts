import { ErrorCode, type JSONRPCMessage, type RequestId } from '@mcpkit/protocol';
import { isResponse } from './framing.js';
import { requestKey } from './outbound-stream.js';
import { type SseConnection, writeMessage } from './sse.js';
import type { EventStore, Replay, StoredEvent, StreamOrigin } from './stores/types.js';

// A POST stream resumed on a process that does not hold it (another process runs the call, or ran
// it): after the replay, this process follows the stream in the event store, reading from the last
// event it wrote, until every request of the stream is answered. Reading from a cursor makes the
// hand-over exact: an event appended between the replay and the next read is simply in that read,
// so nothing is sent twice and nothing is skipped, whatever the holder is doing.

/** How often a followed stream is read from the store when the last read brought nothing. */
export const FOLLOW_INTERVAL_MS = 200;

/** What following a stream needs. */
export interface FollowContext {
  readonly store: EventStore;
  readonly storeKey: string;
  readonly intervalMs: number;
  /** The session ended here (DELETE, shutdown): the follow stops with it. */
  closed(): boolean;
  onerror(error: Error): void;
  /**
   * Called when a read brought nothing new: may take over the stream (its holder is gone) and
   * returns true when it did; the connection is then the new holder's, and the follow ends.
   */
  quiet?(state: FollowState): Promise<boolean>;
}

/** Where a follow is. */
export interface FollowState {
  readonly streamId: string;
  readonly origin: StreamOrigin;
  readonly connection: SseConnection;
  /** The id of the last event written to the client. */
  cursor: string;
  /** Requests of the stream not answered yet, by request key. */
  readonly pending: Map<string, RequestId>;
  /** The highest progress the stream carried so far, by progress token. */
  readonly progress: Map<unknown, number>;
}

/**
 * Writes `replay`'s events and follows the stream in the store until its requests are answered,
 * the client leaves, or the stream is gone. Runs in the background; the connection carries it.
 */
export async function followStream(
  context: FollowContext,
  connection: SseConnection,
  replay: Replay & { origin: StreamOrigin },
  lastEventId: string,
): Promise<void> {
  const origin = replay.origin;
  const state: FollowState = {
    streamId: replay.streamId,
    origin,
    connection,
    cursor: lastEventId,
    pending: new Map(origin.requests.map((request) => [requestKey(request.id), request.id])),
    progress: new Map(),
  };
  try {
    // What the client got before `lastEventId` counts too (a batch may have had answers already).
    const before =
      lastEventId === origin.firstEventId
        ? undefined
        : await context.store.replayAfter(context.storeKey, origin.firstEventId);
    for (const event of before?.events ?? []) {
      if (event.message) note(state, event.message);
      if (event.id === lastEventId) break;
    }
    write(state, replay.events);
    while (state.pending.size > 0 && connection.open) {
      await sleep(context.intervalMs);
      if (!connection.open || context.closed()) break;
      const next = await context.store.replayAfter(context.storeKey, state.cursor);
      if (!next || next.lost !== undefined) {
        fail(
          state,
          `its events after ${state.cursor} are no longer stored (${next?.lost ?? 'the stream expired'})`,
        );
        break;
      }
      if (next.events.length > 0) write(state, next.events);
      else if (await context.quiet?.(state)) return;
    }
  } catch (error) {
    // The client resumes again with the cursor it has; the store may be back by then.
    context.onerror(error instanceof Error ? error : new Error(String(error)));
  }
  connection.close();
}

function write(state: FollowState, events: StoredEvent[]): void {
  for (const event of events) {
    state.cursor = event.id;
    if (!event.message) continue;
    writeMessage(state.connection, event.id, event.message);
    note(state, event.message);
  }
}

function note(state: FollowState, message: JSONRPCMessage): void {
  if (isResponse(message) && message.id !== null) state.pending.delete(requestKey(message.id));
  if (!('method' in message) || message.method !== 'notifications/progress') return;
  const { progressToken, progress } = (message.params ?? {}) as {
    progressToken?: unknown;
    progress?: unknown;
  };
  if (typeof progress === 'number' && progress > (state.progress.get(progressToken) ?? -Infinity)) {
    state.progress.set(progressToken, progress);
  }
}

/** Each request still waiting gets an error saying why its stream cannot go on. */
export function fail(state: FollowState, why: string | ((id: RequestId) => string)): void {
  for (const id of state.pending.values()) {
    const message =
      typeof why === 'string' ? `The stream of request ${JSON.stringify(id)} cannot go on: ${why}` : why(id);
    writeMessage(state.connection, undefined, {
      jsonrpc: '2.0',
      id,
      error: { code: ErrorCode.InternalError, message },
    });
  }
  state.pending.clear();
}

/** Whether the client already got `message` from the stream: a progress notification not past the last one. */
export function alreadySent(state: FollowState, message: JSONRPCMessage): boolean {
  if (!('method' in message) || message.method !== 'notifications/progress') return false;
  const { progressToken, progress } = (message.params ?? {}) as {
    progressToken?: unknown;
    progress?: unknown;
  };
  const last = state.progress.get(progressToken);
  return typeof progress === 'number' && last !== undefined && progress <= last;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    // The connection being followed keeps the process busy; the timer alone must not.
    (timer as { unref?: () => void }).unref?.();
  });
}

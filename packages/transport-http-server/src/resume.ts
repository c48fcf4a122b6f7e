import { ErrorCode, type RequestId } from '@mcpkit/protocol';
import type { AbortSource, HttpExchange, Reply } from './exchange.js';
import { FOLLOW_INTERVAL_MS, type FollowState, followStream } from './follow-stream.js';
import { rejection } from './http-errors.js';
import type { OutboundStream } from './outbound-stream.js';
import { type SseConnection, sseReply, writeMessage } from './sse.js';
import type { EventStore, Replay } from './stores/types.js';

// Serving a GET with Last-Event-ID when the stream is not simply live here: history the store no
// longer holds in full (refused, never replayed with a gap), or a stream that ended here.

/** What a resume needs of its session. */
export interface ResumeHost {
  readonly storeKey: string;
  readonly eventStore: EventStore | undefined;
  readonly closed: boolean;
  openConnection(abort?: AbortSource): SseConnection;
  /** The stream with this id, when this process holds it. */
  liveStream(streamId: string): OutboundStream | undefined;
  reportStreamError(error: Error): void;
  /** A followed stream brought nothing new: takes it over if its holder is gone (true when it did). */
  takeOver?(state: FollowState): Promise<boolean>;
}

/** Serves a GET with Last-Event-ID: replays that stream's missed events and, if it is live, resumes it. */
export async function resumeStream(
  host: ResumeHost,
  request: HttpExchange,
  lastEventId: string,
  headers: Record<string, string>,
): Promise<Reply> {
  const store = host.eventStore;
  if (!store) {
    return rejection(
      400,
      'Bad Request: this server keeps no event history, so Last-Event-ID cannot be resumed',
    );
  }
  const replay = await store.replayAfter(host.storeKey, lastEventId);
  if (!replay) {
    return rejection(
      400,
      `Bad Request: Last-Event-ID ${JSON.stringify(lastEventId)} is unknown or expired in this session`,
    );
  }
  const live = host.liveStream(replay.streamId);
  if (live?.kind === 'standalone' && live.connected) {
    return rejection(409, 'Conflict: the GET SSE stream being resumed is still connected');
  }
  if (replay.lost !== undefined) {
    return refuseLost(host, request, replay, lastEventId, live?.pendingIds ?? [], headers);
  }
  if (!live && replay.origin) {
    // Another process runs (or ran) the call: this one carries the rest of the stream from the store.
    const connection = host.openConnection(request);
    const context = {
      store,
      storeKey: host.storeKey,
      intervalMs: FOLLOW_INTERVAL_MS,
      closed: () => host.closed,
      onerror: (error: Error) => host.reportStreamError(error),
      ...(host.takeOver ? { quiet: (state: FollowState) => host.takeOver!(state) } : {}),
    };
    void followStream(context, connection, { ...replay, origin: replay.origin }, lastEventId);
    return sseReply(connection, headers);
  }
  if (!live) return replayAndEnd(host, request, replay, headers);
  const connection = host.openConnection(request);
  await live.attach(connection, lastEventId);
  return sseReply(connection, headers);
}

/**
 * Events after `lastEventId` were dropped (a bound of the store): the client must not get the rest
 * as if nothing were missing. Each request the stream answers gets a JSON-RPC error on the stream
 * (any client fails its pending call with it, instead of waiting); a stream that answers no request
 * (the standalone GET stream) is refused with 410 Gone.
 */
export function refuseLost(
  host: ResumeHost,
  abort: AbortSource,
  replay: Replay,
  lastEventId: string,
  pending: RequestId[],
  headers: Record<string, string>,
): Reply {
  const ids = pending.length > 0 ? pending : (replay.origin?.requests.map((request) => request.id) ?? []);
  const what = `events after ${lastEventId} on this stream are no longer stored (${replay.lost})`;
  const data = { lastEventId, lost: replay.lost };
  if (ids.length === 0) {
    return rejection(410, `Gone: ${what}; open a new stream without Last-Event-ID`, { data });
  }
  const connection = host.openConnection(abort);
  for (const id of ids) {
    const message = `${what}; the response to request ${JSON.stringify(id)} is lost`;
    writeMessage(connection, undefined, {
      jsonrpc: '2.0',
      id,
      error: { code: ErrorCode.InternalError, message, data },
    });
  }
  connection.close();
  return sseReply(connection, headers);
}

/** A stream that is not live in this process: what the store holds after `lastEventId`, then the end. */
export function replayAndEnd(
  host: ResumeHost,
  abort: AbortSource,
  replay: Replay,
  headers: Record<string, string>,
): Reply {
  const connection = host.openConnection(abort);
  for (const event of replay.events) if (event.message) writeMessage(connection, event.id, event.message);
  connection.close();
  return sseReply(connection, headers);
}

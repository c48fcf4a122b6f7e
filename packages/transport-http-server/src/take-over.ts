import type { JSONRPCMessage, JSONRPCRequest } from '@mcpkit/protocol';
import { alreadySent, type FollowState, fail } from './follow-stream.js';
import { requestKey, type TakenOver } from './outbound-stream.js';
import type { Awaitable, EventStore } from './stores/types.js';

// A followed stream whose holder died (kill -9: its heartbeat expired) and whose response is not
// stored: the call's work died with it. Its request runs again here only when `canRerun` says it
// is safe (e.g. a tool annotated idempotentHint); the client gets no progress twice (progress is
// monotonic by spec: what is not past the last one stored is left out) and the result once.
// Otherwise the request gets a precise error on the stream, never a wait that cannot end.

export interface TakeOverHost {
  readonly eventStore: EventStore | undefined;
  readonly storeKey: string;
  readonly instanceId: string | undefined;
  /** Runs `request` again on this process's server on the stream `streamId`; false if it cannot. */
  rerun(streamId: string, request: JSONRPCRequest, takenOver: TakenOver): boolean;
}

/**
 * Takes the stream over when its holder is gone; true when the request runs again here. Without
 * `canRerun` nothing runs again.
 */
export async function takeOver(
  host: TakeOverHost,
  state: FollowState,
  canRerun: ((request: JSONRPCRequest) => Awaitable<boolean>) | undefined,
): Promise<boolean> {
  const store = host.eventStore;
  const owner = state.origin.instanceId;
  const self = host.instanceId;
  if (!store?.isAlive || owner === undefined || self === undefined) return false;
  // Our own name on a stream not live here: this process restarted, so the call is not running.
  if (owner !== self && (await store.isAlive(owner))) return false;
  const waiting = state.origin.requests.filter((request) => state.pending.has(requestKey(request.id)));
  const [request] = waiting;
  const refusal =
    waiting.length !== 1
      ? `it was one of a batch of ${waiting.length} requests`
      : (await canRerun?.(request!))
        ? undefined
        : `${describe(request!)} is not marked idempotent`;
  if (refusal !== undefined || !request) {
    fail(
      state,
      (id) =>
        `the process running request ${JSON.stringify(id)} stopped (instance ${owner}) and ${refusal}, so it was not run again`,
    );
    return false;
  }
  // Named the holder now, so a resume elsewhere follows this process (and takes over if it dies too).
  await store.setOrigin?.(host.storeKey, state.streamId, { ...state.origin, instanceId: self });
  const skip = (message: JSONRPCMessage) => alreadySent(state, message);
  return host.rerun(state.streamId, request, { connection: state.connection, skip });
}

function describe(request: JSONRPCRequest): string {
  const name = (request.params as { name?: unknown } | undefined)?.name;
  return request.method === 'tools/call' && typeof name === 'string' ? `tools/call ${name}` : request.method;
}

import type { JSONRPCMessage, JSONRPCResponse, RequestId } from '@mcpkit/protocol';
import { isResponse } from './framing.js';
import type { SessionRecord, SessionStateEntry } from './stores/types.js';

// What a session's record keeps so that another process can rebuild its server (rehydration):
// the initialize it was opened with, and the state-changing requests answered since.

/** Requests whose successful answer changes what the server does for the rest of the session. */
const STATE_METHODS = new Set(['logging/setLevel', 'resources/subscribe', 'resources/unsubscribe']);

/**
 * Most entries a session's state log keeps (after compaction: one per level, one per resource).
 * Past it the record says so, and the session is served only by the process holding it.
 */
export const MAX_STATE_LOG_ENTRIES = 128;

/** How long a replayed request may wait for the server's answer before rehydration fails. */
export const REPLAY_TIMEOUT_MS = 10_000;

/** Ids of replayed requests: the server's answers to them are swallowed, never sent to a client. */
const REPLAY_ID_PREFIX = 'mcpkit-replay:';

export function isStateMethod(method: string): boolean {
  return STATE_METHODS.has(method);
}

/** The log with `method(params)` appended, older entries it supersedes dropped. */
export function appendState(
  record: Pick<SessionRecord, 'stateLog' | 'stateLogOverflow'>,
  method: string,
  params: unknown,
): void {
  const log = record.stateLog ?? [];
  const key = stateKey(method, params);
  const kept = log.filter((entry) => stateKey(entry.method, entry.params) !== key);
  const seq = (log.at(-1)?.seq ?? 0) + 1;
  const entry: SessionStateEntry = { seq, method };
  if (params !== undefined) entry.params = params;
  kept.push(entry);
  if (kept.length > MAX_STATE_LOG_ENTRIES) {
    record.stateLogOverflow = true;
    kept.shift();
  }
  record.stateLog = kept;
}

/** Entries that replace each other: every setLevel one another, subscribe and unsubscribe per URI. */
function stateKey(method: string, params: unknown): string {
  if (method === 'logging/setLevel') return method;
  const uri = (params as { uri?: unknown } | undefined)?.uri;
  return `resource:${typeof uri === 'string' ? uri : JSON.stringify(uri)}`;
}

/** Where replayed requests go, and where a refused one is reported. */
export interface ReplayTarget {
  deliver(message: JSONRPCMessage): void;
  report(error: Error): void;
}

/**
 * Replays requests into a transport's onmessage and waits for the server's answers, which the
 * transport hands to `swallow` instead of sending them.
 */
export class StateReplay {
  readonly #waiting = new Map<string, (answer: JSONRPCResponse) => void>();
  #next = 0;
  #catchingUp: Promise<void> = Promise.resolve();
  /** The highest state log `seq` this process's server has seen (replayed or answered itself). */
  appliedSeq = 0;

  /**
   * Rehydration: the initialize the session was opened with, notifications/initialized, then the
   * state log, each delivered to the new server; its answers are swallowed.
   */
  async restore(record: SessionRecord, to: ReplayTarget): Promise<void> {
    const initialize = {
      protocolVersion: record.requestedVersion ?? record.protocolVersion,
      capabilities: record.clientCapabilities ?? {},
      clientInfo: record.clientInfo ?? { name: 'unknown', version: '0' },
    };
    const opened = this.request(to.deliver, 'initialize', initialize).then((answer) => {
      if (!('result' in answer)) {
        throw new Error(`The server refused the replayed initialize: ${JSON.stringify(answer.error)}`);
      }
      to.deliver({ jsonrpc: '2.0', method: 'notifications/initialized' });
    });
    // A catch-up asked for meanwhile (a state hint from another process) waits for the handshake.
    this.#catchingUp = opened.catch(() => undefined);
    await opened;
    await this.catchUp(record, record, to);
  }

  /** Replays the entries of `latest` past `appliedSeq`, one catch-up at a time; `own` takes the log. */
  catchUp(latest: SessionRecord, own: SessionRecord, to: ReplayTarget): Promise<void> {
    const run = this.#catchingUp.then(async () => {
      for (const entry of latest.stateLog ?? []) {
        if (entry.seq <= this.appliedSeq) continue;
        const answer = await this.request(to.deliver, entry.method, entry.params);
        this.appliedSeq = entry.seq;
        if ('error' in answer) {
          to.report(
            new Error(
              `Session ${own.id}: the server refused the replayed ${entry.method}: ${answer.error.message}`,
            ),
          );
        }
      }
      own.stateLog = latest.stateLog;
      if (latest.stateLogOverflow) own.stateLogOverflow = true;
    });
    this.#catchingUp = run.catch(() => undefined);
    return run;
  }

  /** Appends a request this process's server answered to `own`'s log, from the store's `latest`. */
  record(own: SessionRecord, latest: SessionRecord | undefined, method: string, params: unknown): void {
    if (latest?.stateLog) own.stateLog = latest.stateLog;
    if (latest?.stateLogOverflow) own.stateLogOverflow = true;
    appendState(own, method, params);
    this.appliedSeq = own.stateLog!.at(-1)!.seq;
  }

  /** True when `message` answers a replayed request (it was consumed here). */
  swallow(message: JSONRPCMessage): boolean {
    if (!isResponse(message) || typeof message.id !== 'string') return false;
    const resolve = this.#waiting.get(message.id);
    if (!resolve) return false;
    this.#waiting.delete(message.id);
    resolve(message);
    return true;
  }

  /** Delivers a request with a replay id and resolves with the server's answer. */
  request(
    deliver: (message: JSONRPCMessage) => void,
    method: string,
    params: unknown,
  ): Promise<JSONRPCResponse> {
    const id: RequestId = `${REPLAY_ID_PREFIX}${this.#next++}`;
    return new Promise<JSONRPCResponse>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiting.delete(id);
        reject(new Error(`The server did not answer the replayed ${method} within ${REPLAY_TIMEOUT_MS} ms`));
      }, REPLAY_TIMEOUT_MS);
      this.#waiting.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      const request = { jsonrpc: '2.0' as const, id, method, ...(params === undefined ? {} : { params }) };
      try {
        deliver(request as JSONRPCMessage);
      } catch (error) {
        clearTimeout(timer);
        this.#waiting.delete(id);
        reject(error);
      }
    });
  }
}

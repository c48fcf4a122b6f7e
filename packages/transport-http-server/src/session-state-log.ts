import type { JSONRPCMessage, JSONRPCRequest } from '@mcpkit/protocol';
import { isResponse } from './framing.js';
import { requestKey } from './outbound-stream.js';
import type { SharedSessionEnvironment } from './session-environment.js';
import { type ReplayTarget, StateReplay } from './session-state.js';
import type { SessionRecord } from './stores/types.js';

type StateLogEnvironment = Pick<
  SharedSessionEnvironment<unknown>,
  'sessionStore' | 'instanceId' | 'stateChanged'
>;

/**
 * The state log of one session as its transport keeps it: the state-changing requests in flight
 * (logged once answered with a result) and the replay that brings a server up to the log. Made on
 * the first state-changing request or replay: most sessions never need one.
 */
export class SessionStateLog {
  readonly #requests = new Map<string, { method: string; params: unknown }>();
  readonly #replay = new StateReplay();
  readonly #env: StateLogEnvironment;
  readonly #record: SessionRecord;
  readonly #sessionId: string | undefined;
  readonly #to: ReplayTarget;

  constructor(
    env: StateLogEnvironment,
    record: SessionRecord,
    sessionId: string | undefined,
    to: ReplayTarget,
  ) {
    this.#env = env;
    this.#record = record;
    this.#sessionId = sessionId;
    this.#to = to;
  }

  /** Whether `message` answers a replayed request: the server's answer, not for the client. */
  swallow(message: JSONRPCMessage): boolean {
    return this.#replay.swallow(message);
  }

  /** A state-changing request from the client: logged once answered with a result. */
  noteRequest(request: JSONRPCRequest): void {
    this.#requests.set(requestKey(request.id), { method: request.method, params: request.params });
  }

  /** Whether some state-changing request still waits for its answer. */
  get waiting(): boolean {
    return this.#requests.size > 0;
  }

  /**
   * Logs the request `message` answers, if it is a waiting state-changing request answered with a
   * result; the log is stored (and other processes told) once the session exists (`admitted`).
   */
  async noteAnswer(message: JSONRPCMessage, admitted: boolean): Promise<void> {
    const key = isResponse(message) && message.id !== null ? requestKey(message.id) : '';
    const request = this.#requests.get(key);
    const sessionId = this.#sessionId;
    if (!request || !this.#requests.delete(key) || !('result' in message) || !sessionId) return;
    try {
      // Start from the store's latest log: another process may have added to it.
      const shared = this.#env.instanceId !== undefined;
      const latest = shared ? await this.#env.sessionStore.get(this.#record.id) : undefined;
      this.#replay.record(this.#record, latest, request.method, request.params);
      if (admitted) await this.#env.sessionStore.set(this.#record);
      if (admitted) await this.#env.stateChanged?.(sessionId);
    } catch (error) {
      this.#to.report(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** Rehydration: replays initialize, notifications/initialized and the log to the new server. */
  restore(): Promise<void> {
    return this.#replay.restore(this.#record, this.#to);
  }

  /** Replays the entries of `latest` (the store's record) not applied here yet, in order. */
  catchUp(latest: SessionRecord): Promise<void> {
    return this.#replay.catchUp(latest, this.#record, this.#to);
  }
}

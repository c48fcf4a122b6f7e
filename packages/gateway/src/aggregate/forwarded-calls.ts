import type { Transport, TransportSendOptions } from '@mcpkit/jsonrpc';
import type { JSONRPCMessage, JSONRPCRequest, RequestId } from '@mcpkit/protocol';
import { ErrorCode } from '@mcpkit/protocol';
import { describeError } from '../errors.js';

/** Where a relayed request's answer and progress go: the client-facing side that sent it. */
export interface CallOrigin {
  /** Sends to the client that made the request. */
  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void>;
  /** A relayed request ended (answered, failed or cancelled): forget its id. */
  ended(id: RequestId): void;
  /** Problems sending to the client. */
  report(error: Error): void;
}

interface Pending {
  origin: CallOrigin;
  id: RequestId;
  method: string;
  /** What the request names (a tool, a prompt, a URI), for error messages. */
  what: string;
  progressToken: string | number | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** Prefix of the ids (and progress tokens) of relayed requests; `McpClient` uses numbers, never these. */
const KEY_PREFIX = 'gateway-relay-';

/**
 * The requests relayed to one upstream as they are, beside its `McpClient`: each goes out under an
 * id of the gateway's (string, so it never collides with the client's numeric ids), its progress
 * token mapped the same way; the upstream's answer and progress come back under the caller's id and
 * token, its bytes parsed once and sent on unchanged. Everything else the upstream sends goes to
 * the `McpClient`. When the upstream goes away, every relayed request gets an answer at once.
 */
export class ForwardedCalls {
  readonly #pending = new Map<string, Pending>();
  readonly #upstream: Transport;
  readonly #name: string;
  readonly #timeoutMs: number;
  #next = 0;

  constructor(upstream: Transport, name: string, timeoutMs: number) {
    this.#upstream = upstream;
    this.#name = name;
    this.#timeoutMs = timeoutMs;
  }

  /** Requests relayed and not answered yet. */
  get size(): number {
    return this.#pending.size;
  }

  /**
   * Relays `request` (its params replaced by `params`) to the upstream; returns the key to cancel
   * it with. `what` names it in errors (`tools/call echo`).
   */
  forward(
    origin: CallOrigin,
    request: JSONRPCRequest,
    params: Record<string, unknown>,
    what: string,
  ): string {
    const key = `${KEY_PREFIX}${this.#next++}`;
    const meta = params._meta as Record<string, unknown> | undefined;
    const token = meta?.progressToken;
    const progressToken = typeof token === 'string' || typeof token === 'number' ? token : undefined;
    const outgoing =
      progressToken === undefined ? params : { ...params, _meta: { ...meta, progressToken: key } };
    const pending: Pending = {
      origin,
      id: request.id,
      method: request.method,
      what,
      progressToken,
      timer: undefined,
    };
    this.#pending.set(key, pending);
    this.#arm(key, pending);
    this.#upstream
      .send({ jsonrpc: '2.0', id: key, method: request.method, params: outgoing })
      .catch((error: unknown) => this.#fail(key, `could not be sent: ${describeError(error)}`));
    return key;
  }

  /** The caller cancelled: tell the upstream (no answer goes back, as on a direct connection). */
  cancel(key: string, reason: unknown): void {
    const pending = this.#take(key);
    if (pending === undefined) return;
    const params = typeof reason === 'string' ? { requestId: key, reason } : { requestId: key };
    this.#upstream
      .send({ jsonrpc: '2.0', method: 'notifications/cancelled', params })
      .catch((error: unknown) => pending.origin.report(asError(error)));
  }

  /** Takes the upstream's message if it answers or reports progress of a relayed request. */
  take(message: JSONRPCMessage): boolean {
    const id = (message as { id?: unknown }).id;
    if (typeof id === 'string' && !('method' in message)) {
      if (!id.startsWith(KEY_PREFIX)) return false;
      // An answer to a request cancelled or timed out meanwhile is dropped: its caller has gone.
      const pending = this.#take(id);
      if (pending === undefined) return true;
      (message as { id: RequestId }).id = pending.id;
      this.#deliver(pending, message);
      return true;
    }
    if ((message as { method?: string }).method !== 'notifications/progress') return false;
    const params = (message as { params?: { progressToken?: unknown } }).params;
    const token = params?.progressToken;
    if (typeof token !== 'string' || !token.startsWith(KEY_PREFIX)) return false;
    const pending = this.#pending.get(token);
    if (pending === undefined || pending.progressToken === undefined || params === undefined) return true;
    params.progressToken = pending.progressToken;
    // Progress keeps a long call alive, as it restarts a forwarded request's timeout.
    this.#arm(token as string, pending);
    this.#deliver(pending, message);
    return true;
  }

  /** The upstream went away: every relayed request is answered with why. */
  closed(reason: Error | undefined): void {
    const why = `went away: ${reason?.message ?? 'the connection closed'}`;
    for (const key of [...this.#pending.keys()]) this.#fail(key, why);
  }

  #deliver(pending: Pending, message: JSONRPCMessage): void {
    pending.origin
      .send(message, { relatedRequestId: pending.id })
      .catch((error: unknown) => pending.origin.report(asError(error)));
  }

  #take(key: string): Pending | undefined {
    const pending = this.#pending.get(key);
    if (pending === undefined) return undefined;
    this.#pending.delete(key);
    if (pending.timer !== undefined) clearTimeout(pending.timer);
    pending.origin.ended(pending.id);
    return pending;
  }

  #arm(key: string, pending: Pending): void {
    if (this.#timeoutMs <= 0 || !Number.isFinite(this.#timeoutMs)) return;
    if (pending.timer !== undefined) pending.timer.refresh();
    else {
      pending.timer = setTimeout(() => {
        pending.timer = undefined;
        this.cancel(key, `timed out after ${this.#timeoutMs} ms`);
        this.#answerFailure(pending, `timed out after ${this.#timeoutMs} ms`, ErrorCode.RequestTimeout);
      }, this.#timeoutMs);
      pending.timer.unref?.();
    }
  }

  #fail(key: string, why: string): void {
    const pending = this.#take(key);
    if (pending !== undefined) this.#answerFailure(pending, why, ErrorCode.InternalError);
  }

  /**
   * As the gateway's server answers a forwarded request that failed: a tool call with an `isError`
   * result (the model sees why), anything else with a JSON-RPC error.
   */
  #answerFailure(pending: Pending, why: string, code: number): void {
    const message = `${this.#name} failed ${pending.what}: ${why}`;
    const answer: JSONRPCMessage =
      pending.method === 'tools/call'
        ? {
            jsonrpc: '2.0',
            id: pending.id,
            result: { content: [{ type: 'text', text: message }], isError: true },
          }
        : { jsonrpc: '2.0', id: pending.id, error: { code, message } };
    this.#deliver(pending, answer);
  }
}

const asError = (value: unknown): Error => (value instanceof Error ? value : new Error(String(value)));

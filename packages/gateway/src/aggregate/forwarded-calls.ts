import { decodeMessage, JsonRpcError, type Transport, type TransportSendOptions } from '@mcpkit/jsonrpc';
import type { JSONRPCMessage, JSONRPCRequest, RequestId } from '@mcpkit/protocol';
import { ErrorCode } from '@mcpkit/protocol';
import { describeError } from '../errors.js';

/** Where a relayed request's answer and progress go: the client-facing side that sent it. */
export interface CallOrigin {
  /** Sends to the client that made the request. */
  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void>;
  /**
   * Sends one answer that is already JSON text, unparsed (see `Transport.sendText`); undefined
   * where the client's transport cannot, and its answers go through `send`.
   */
  readonly sendText?: ((text: string) => Promise<void>) | undefined;
  /** A relayed request ended (answered, failed or cancelled): forget its id. */
  ended(id: RequestId): void;
  /** Problems sending to the client. */
  report(error: Error): void;
}

/** A request relayed and not answered yet (the handle `forward` returns, to cancel it with). */
export interface Pending {
  /** The relay it went out through (where to cancel it). */
  readonly relay: ForwardedCalls;
  /** Its id (and progress token) on the upstream: a negative integer (see `ForwardedCalls`). */
  readonly key: number;
  readonly origin: CallOrigin;
  readonly id: RequestId;
  readonly method: string;
  /** What the request names (a tool, a prompt, a URI), for error messages (`echo` in `tools/call echo`). */
  readonly subject: string;
  readonly progressToken: string | number | undefined;
  /**
   * The client's line, for a request relayed from its text (`forwardText`), which nothing checked
   * on the way: read again only if the upstream says it could not read a line (see `take`).
   */
  readonly line: string | undefined;
  /** When it times out (the clock's milliseconds), unless progress moves it on. */
  deadline: number;
  /** The list `entry` stands in while the request runs (see `forward`), or undefined. */
  readonly running: unknown[] | undefined;
  readonly entry: unknown;
}

/** How an upstream answer the text path takes begins (before its id's digits, after the minus). */
const ANSWER_PREFIX = '{"jsonrpc":"2.0","id":-';
const DIGIT_0 = 48;
const DIGIT_1 = 49;
const DIGIT_9 = 57;
const COMMA = 44;
const CLOSING_BRACE = 125;
/** Digits of the largest safe integer: a longer id is no key of ours. */
const MAX_KEY_DIGITS = 16;

// Read once: the global `performance` is a getter, which a call per relayed request would run.
const clock = performance;
const monotonicNow = (): number => clock.now();

/**
 * The requests relayed to one upstream as they are, beside its `McpClient`: each goes out under an
 * id of the gateway's, a negative integer (`McpClient` numbers its requests and progress tokens
 * from 0 up, so the two never collide, and a number needs no string built, hashed or compared per
 * call), its progress token mapped to the same number; the upstream's answer and progress come back under the caller's id and
 * token. Everything else the upstream sends goes to the `McpClient`. When the upstream goes away,
 * every relayed request gets an answer at once.
 *
 * An answer is forwarded as the upstream wrote it. Where the upstream's transport shows the text
 * of a line before parsing it and the caller's transport can write text (`takeText`, stdio on both
 * sides), an answer that begins `{"jsonrpc":"2.0","id":-<key>,"result":` (or `"error":`) is not
 * parsed at all: its id is swapped in the text. Any other answer is parsed once and sent on with
 * its id swapped (`take`).
 *
 * Timeouts take one timer for all the requests, not one each: a request only records its deadline
 * (a relay of short calls would otherwise create and clear a timer per call), and the timer, armed
 * for the earliest deadline, answers the requests due and arms itself for the next one.
 */
export class ForwardedCalls {
  readonly #pending = new Map<number, Pending>();
  readonly #upstream: Transport;
  readonly #name: string;
  readonly #timeoutMs: number;
  readonly #now: () => number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** The last key given out (keys count down from -1). */
  #last = 0;

  /** `now` is the clock deadlines are read on (milliseconds, monotonic); tests pass their own. */
  constructor(upstream: Transport, name: string, timeoutMs: number, now: () => number = monotonicNow) {
    this.#upstream = upstream;
    this.#name = name;
    this.#timeoutMs = timeoutMs > 0 && Number.isFinite(timeoutMs) ? timeoutMs : 0;
    this.#now = now;
  }

  /** Requests relayed and not answered yet. */
  get size(): number {
    return this.#pending.size;
  }

  /**
   * Relays `request` (its params replaced by `params`) to the upstream; returns its handle, to
   * cancel it with. `subject` names what it is about in errors (`echo` in `tools/call echo`).
   * `entry` is pushed onto `running` until the request ended, however (no closure made per call).
   */
  forward(
    origin: CallOrigin,
    request: JSONRPCRequest,
    params: Record<string, unknown>,
    subject: string,
    running?: unknown[],
    entry?: unknown,
  ): Pending {
    const key = --this.#last;
    const meta = params._meta as Record<string, unknown> | undefined;
    const token = meta?.progressToken;
    const progressToken = typeof token === 'string' || typeof token === 'number' ? token : undefined;
    const outgoing =
      progressToken === undefined ? params : { ...params, _meta: { ...meta, progressToken: key } };
    const pending = this.#begin(
      key,
      origin,
      request.id,
      request.method,
      subject,
      progressToken,
      undefined,
      running,
      entry,
    );
    this.#send(key, request.method, outgoing).catch((error: unknown) =>
      this.#fail(pending, `could not be sent: ${describeError(error)}`),
    );
    return pending;
  }

  /**
   * Relays a request the caller sent as text, unparsed (see `PassThroughTransport`): `line` is the
   * caller's line, `tail` the text after its id (`,"method":...}`, the name changed where it is
   * namespaced), written upstream after a key of the gateway's. It has no progress token. As
   * `forward` otherwise; an upstream transport without `sendText` gets the message parsed from the
   * text. A line that is not JSON is refused as the caller's transport would have refused it, once
   * the upstream says it could not read it (see `take`).
   */
  forwardText(
    origin: CallOrigin,
    id: RequestId,
    method: string,
    line: string,
    tail: string,
    subject: string,
    running?: unknown[],
    entry?: unknown,
  ): Pending {
    const key = --this.#last;
    const pending = this.#begin(key, origin, id, method, subject, undefined, line, running, entry);
    const text = `{"jsonrpc":"2.0","id":${key}${tail}`;
    const upstream = this.#upstream;
    let sent: Promise<void>;
    if (upstream.sendText === undefined) {
      // The message is parsed here anyway: a broken line is refused now, as the parsed path would.
      const refusal = decodingError(line);
      if (refusal !== undefined) {
        this.#refuse(pending, refusal);
        return pending;
      }
      sent = upstream.send(JSON.parse(text));
    } else {
      try {
        sent = upstream.sendText(text);
      } catch (error) {
        sent = Promise.reject(error);
      }
    }
    sent.catch((error: unknown) => this.#fail(pending, `could not be sent: ${describeError(error)}`));
    return pending;
  }

  /** Records a relayed request as pending under `key` (and on `running`), its deadline set. */
  #begin(
    key: number,
    origin: CallOrigin,
    id: RequestId,
    method: string,
    subject: string,
    progressToken: string | number | undefined,
    line: string | undefined,
    running: unknown[] | undefined,
    entry: unknown,
  ): Pending {
    const pending: Pending = {
      relay: this,
      key,
      origin,
      id,
      method,
      subject,
      progressToken,
      line,
      deadline: this.#deadline(),
      running,
      entry,
    };
    running?.push(entry);
    this.#pending.set(key, pending);
    return pending;
  }

  /**
   * Sends a relayed request upstream. Where the upstream's transport takes text (stdio), the text
   * is written here: only the params are serialized, and no message object is made for the
   * transport to serialize again.
   */
  #send(key: number, method: string, params: Record<string, unknown>): Promise<void> {
    const upstream = this.#upstream;
    if (upstream.sendText === undefined) return upstream.send({ jsonrpc: '2.0', id: key, method, params });
    try {
      return upstream.sendText(
        `{"jsonrpc":"2.0","id":${key},"method":${methodText(method)},"params":${JSON.stringify(params)}}`,
      );
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** The caller cancelled: tell the upstream (no answer goes back, as on a direct connection). */
  cancel(pending: Pending, reason: unknown): void {
    if (!this.#take(pending)) return;
    const key = pending.key;
    const params = typeof reason === 'string' ? { requestId: key, reason } : { requestId: key };
    this.#upstream
      .send({ jsonrpc: '2.0', method: 'notifications/cancelled', params })
      .catch((error: unknown) => pending.origin.report(asError(error)));
  }

  /** Takes the upstream's message if it answers or reports progress of a relayed request. */
  take(message: JSONRPCMessage): boolean {
    const id = (message as { id?: unknown }).id;
    if (typeof id === 'number' && !('method' in message)) {
      if (id >= 0) return false;
      // An answer to a request cancelled or timed out meanwhile is dropped: its caller has gone.
      const pending = this.#pending.get(id);
      if (pending === undefined || !this.#take(pending)) return true;
      (message as { id: RequestId }).id = pending.id;
      this.#deliver(pending, message);
      return true;
    }
    if (id === null && 'error' in message) return this.#refuseBrokenLine();
    if ((message as { method?: string }).method !== 'notifications/progress') return false;
    const params = (message as { params?: { progressToken?: unknown } }).params;
    const token = params?.progressToken;
    if (typeof token !== 'number' || token >= 0) return false;
    const pending = this.#pending.get(token);
    if (pending === undefined || pending.progressToken === undefined || params === undefined) return true;
    params.progressToken = pending.progressToken;
    // Progress keeps a long call alive, as it restarts a forwarded request's timeout.
    pending.deadline = this.#deadline();
    this.#deliver(pending, message);
    return true;
  }

  /**
   * The upstream answered a line it could not read (an error with a null id). A line relayed from
   * a caller's text was not checked on the way (see `readCallText`), so the oldest such line still
   * pending that does not decode is the one: its call ends, and its caller is refused as its own
   * transport would have refused the line on the parsed path (the decoding error reported, its
   * JSON-RPC error, -32700 with a null id, sent). Rare, so the pending lines are read only here.
   * False (the error goes on to the parsed path, as before) when no pending line is broken.
   */
  #refuseBrokenLine(): boolean {
    for (const pending of this.#pending.values()) {
      const refusal = pending.line === undefined ? undefined : decodingError(pending.line);
      if (refusal === undefined) continue;
      this.#refuse(pending, refusal);
      return true;
    }
    return false;
  }

  /**
   * Ends a call whose line does not decode, and refuses it as the caller's transport refuses such
   * a line: the error reported, its JSON-RPC error answer sent.
   */
  #refuse(pending: Pending, refusal: JsonRpcError): void {
    if (!this.#take(pending)) return;
    const origin = pending.origin;
    origin.report(refusal);
    if (refusal.response !== undefined)
      origin.send(refusal.response).catch((error: unknown) => origin.report(asError(error)));
  }

  /**
   * Takes a line of the upstream's, unparsed, if it is the answer to a relayed request whose caller
   * can be sent text: `{"jsonrpc":"2.0","id":-<key>,` then `"result":` or `"error":` (a request of
   * the upstream's may use a negative id too), ending with `}`. The caller gets the same text with
   * its own id in place of the key; the request ends as in `take`. Anything else (another key
   * order, a notification, a key not pending, a caller that cannot be sent text) is left to the
   * parsed path, which handles it as before. The rest of the line is not checked: a line that
   * begins like an answer but is broken reaches the caller as it is, and fails to parse there.
   */
  takeText(text: string): boolean {
    if (!text.startsWith(ANSWER_PREFIX) || text.charCodeAt(text.length - 1) !== CLOSING_BRACE) return false;
    let at = ANSWER_PREFIX.length;
    let code = text.charCodeAt(at);
    // JSON has no leading zeros, and keys count down from -1.
    if (code < DIGIT_1 || code > DIGIT_9) return false;
    let key = 0;
    const end = at + MAX_KEY_DIGITS;
    do {
      key = key * 10 + code - DIGIT_0;
      code = text.charCodeAt(++at);
    } while (code >= DIGIT_0 && code <= DIGIT_9 && at < end);
    if (code !== COMMA) return false;
    if (!text.startsWith('"result":', at + 1) && !text.startsWith('"error":', at + 1)) return false;
    const pending = this.#pending.get(-key);
    const origin = pending?.origin;
    if (origin?.sendText === undefined || !this.#take(pending!)) return false;
    origin
      .sendText(`{"jsonrpc":"2.0","id":${idText(pending!.id)}${text.slice(at)}`)
      .catch((error: unknown) => origin.report(asError(error)));
    return true;
  }

  /** The upstream went away: every relayed request is answered with why. */
  closed(reason: Error | undefined): void {
    const why = `went away: ${reason?.message ?? 'the connection closed'}`;
    for (const pending of [...this.#pending.values()]) this.#fail(pending, why);
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #deliver(pending: Pending, message: JSONRPCMessage): void {
    pending.origin
      .send(message, { relatedRequestId: pending.id })
      .catch((error: unknown) => pending.origin.report(asError(error)));
  }

  /** Forgets a request that ended; false when it had ended already. */
  #take(pending: Pending): boolean {
    if (!this.#pending.delete(pending.key)) return false;
    pending.origin.ended(pending.id);
    if (pending.running !== undefined) leave(pending.running, pending.entry);
    return true;
  }

  /**
   * A deadline `timeoutMs` from now (Infinity without a timeout), the timer armed if none is: the
   * one armed is due no later than any deadline given since, as every request has the same timeout.
   */
  #deadline(): number {
    if (this.#timeoutMs === 0) return Number.POSITIVE_INFINITY;
    if (this.#timer === undefined) this.#armFor(this.#timeoutMs);
    return this.#now() + this.#timeoutMs;
  }

  #armFor(delayMs: number): void {
    this.#timer = setTimeout(this.#expire, delayMs);
    this.#timer.unref?.();
  }

  /** Answers the requests past their deadline, and arms the timer for the earliest of the others. */
  readonly #expire = (): void => {
    this.#timer = undefined;
    const now = this.#now();
    const due: Pending[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (const pending of this.#pending.values()) {
      if (pending.deadline <= now) due.push(pending);
      else if (pending.deadline < next) next = pending.deadline;
    }
    if (next !== Number.POSITIVE_INFINITY) this.#armFor(Math.max(1, Math.ceil(next - now)));
    const why = `timed out after ${this.#timeoutMs} ms`;
    for (const pending of due) {
      this.cancel(pending, why);
      this.#answerFailure(pending, why, ErrorCode.RequestTimeout);
    }
  };

  #fail(pending: Pending, why: string): void {
    if (this.#take(pending)) this.#answerFailure(pending, why, ErrorCode.InternalError);
  }

  /**
   * As the gateway's server answers a forwarded request that failed: a tool call with an `isError`
   * result (the model sees why), anything else with a JSON-RPC error.
   */
  #answerFailure(pending: Pending, why: string, code: number): void {
    const message = `${this.#name} failed ${pending.method} ${pending.subject}: ${why}`;
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

/** Takes `entry` off `list`; requests mostly end newest first, so the last one needs no search. */
export function leave(list: unknown[], entry: unknown): void {
  if (list[list.length - 1] === entry) list.pop();
  else {
    const at = list.indexOf(entry);
    if (at >= 0) list.splice(at, 1);
  }
}

/** A request id as JSON: a number as it is (no serializer call per relayed answer), a string quoted. */
const idText = (id: RequestId): string | number => (typeof id === 'number' ? id : JSON.stringify(id));

/** The methods relayed, as JSON strings, made once. */
const METHOD_TEXT: ReadonlyMap<string, string> = new Map(
  ['tools/call', 'prompts/get', 'resources/read'].map((method) => [method, JSON.stringify(method)]),
);
const methodText = (method: string): string => METHOD_TEXT.get(method) ?? JSON.stringify(method);

/** Why `line` does not decode as JSON-RPC (the error a transport reports and answers), if it does not. */
function decodingError(line: string): JsonRpcError | undefined {
  try {
    decodeMessage(line);
    return undefined;
  } catch (error) {
    if (error instanceof JsonRpcError) return error;
    throw error;
  }
}

const asError = (value: unknown): Error => (value instanceof Error ? value : new Error(String(value)));

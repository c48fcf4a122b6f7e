import type { JSONRPCMessage, JSONRPCRequest, RequestId } from '@mcpkit/protocol';
import { type AbortSource, emptyReply, type Reply } from './exchange.js';
import { isResponse } from './framing.js';
import { answerReply, answerText, writable } from './json-text.js';
import { type SseConnection, type SseEvent, sseReply } from './sse.js';
import type { EventStore } from './stores/types.js';

/**
 * How a POST is answered: `auto` (JSON, or SSE once something comes before the response), `json` or
 * `sse`.
 */
export type ResponseMode = 'auto' | 'json' | 'sse';

/** What a stream needs from its session; one object shared by all streams of the session. */
export interface StreamHost {
  readonly storeKey: string;
  readonly eventStore: EventStore | undefined;
  readonly retryMs: number;
  /** Names this process among those sharing the stores (kept in a stream's origin). */
  readonly instanceId?: string | undefined;
  /** Whether to open SSE streams with a priming event (2025-11-25 and later, with an event store). */
  primes(): boolean;
  /** A new SSE connection (with keep-alive comments). */
  openConnection(abort?: AbortSource): SseConnection;
  reportStreamError(error: Error): void;
}

/** A stream taken over from a process that died: the open connection and what the client already got. */
export interface TakenOver {
  connection: SseConnection;
  skip: (message: JSONRPCMessage) => boolean;
}

export function requestKey(id: RequestId): string {
  return typeof id === 'number' ? `n${id}` : `s${id}`;
}

/**
 * One outbound stream: the answer to one POST (or batch), or the session's standalone GET stream.
 * A POST stream starts undecided under `auto`: it answers with JSON if the response comes first and
 * switches to SSE when a notification or server request comes before it. All writes go through one
 * promise chain so events keep their order even with an asynchronous event store.
 */
export class OutboundStream {
  readonly id: string;
  readonly kind: 'post' | 'standalone';
  /** Fires once when the stream carried its last response (POST) or was closed. */
  onfinish: (() => void) | undefined;
  #host: StreamHost;
  #pending: Map<string, RequestId>;
  /** The POST's requests, until the stream's origin is stored (see `#openSse`). */
  #requests: JSONRPCRequest[] | undefined;
  #collected: JSONRPCMessage[] = [];
  #mode: 'undecided' | 'json' | 'sse';
  #isBatch: boolean;
  #connection: SseConnection | undefined;
  #resolve: ((reply: Reply) => void) | undefined;
  #headers: Record<string, string>;
  #abort: AbortSource | undefined;
  #chain: Promise<void> = Promise.resolve();
  /** Steps enqueued, and the last one whose turn of the chain is over: equal when nothing waits. */
  #enqueued = 0;
  #settled = 0;
  #finished = false;
  #sseOpened = false;
  /** Messages the client already got from an earlier run of the stream's request (see `takeOver`). */
  #skip: ((message: JSONRPCMessage) => boolean) | undefined;
  /** Set until the answer arrives on a stream whose headers depend on it (see `answerHeaders`). */
  #answerHeaders: ((answer: JSONRPCMessage) => Record<string, string>) | undefined;

  constructor(
    host: StreamHost,
    init: {
      id: string;
      kind: 'post' | 'standalone';
      requestIds?: RequestId[];
      /** The POST's requests: stored as the stream's origin when the store keeps origins. */
      requests?: JSONRPCRequest[];
      isBatch?: boolean;
      mode: ResponseMode;
      headers?: Record<string, string>;
      /** The request whose response this stream is: its client going away ends an SSE response. */
      abort?: AbortSource;
      /**
       * The headers of the response depend on the answer (initialize: a session id only for a
       * result), so nothing is sent before it; messages that come first are held until then.
       */
      answerHeaders?: ((answer: JSONRPCMessage) => Record<string, string>) | undefined;
      /**
       * The stream is taken over (its request runs again here): it writes to this open connection
       * and leaves out what `skip` says the client already got.
       */
      takenOver?: TakenOver;
    },
  ) {
    this.#host = host;
    this.id = init.id;
    this.kind = init.kind;
    const pending = new Map<string, RequestId>();
    for (const id of init.requestIds ?? []) pending.set(requestKey(id), id);
    this.#pending = pending;
    this.#requests = init.requests;
    this.#isBatch = init.isBatch ?? false;
    this.#mode =
      init.kind === 'standalone' || init.mode === 'sse' ? 'sse' : init.mode === 'json' ? 'json' : 'undecided';
    this.#headers = init.headers ?? {};
    this.#abort = init.abort;
    this.#answerHeaders = init.answerHeaders;
    if (init.takenOver) {
      this.#mode = 'sse';
      this.#sseOpened = true;
      this.#skip = init.takenOver.skip;
      const connection = init.takenOver.connection;
      this.#connection = connection;
      connection.ondisconnect = () => this.#detach(connection);
    }
  }

  get finished(): boolean {
    return this.#finished;
  }

  get connected(): boolean {
    return this.#connection?.open === true;
  }

  /** The requests whose responses this stream still waits for. */
  get pendingIds(): RequestId[] {
    return [...this.#pending.values()];
  }

  /** Under `json`, notifications and server requests cannot ride on the response; the session reroutes them. */
  get carriesNonResponses(): boolean {
    return this.#mode !== 'json';
  }

  /** The HTTP reply of the POST, once decided. */
  response(): Promise<Reply> {
    return new Promise((resolve) => {
      this.#resolve = resolve;
      if (this.#mode === 'sse' && !this.#answerHeaders) this.#enqueue(() => this.#openSse());
    });
  }

  push(message: JSONRPCMessage): Promise<void> {
    // A JSON answer with nothing queued before it needs no await: it is taken now, not a turn of
    // the chain later (the common case: one request, its response).
    if (this.#settled === this.#enqueued && this.#mode !== 'sse' && !this.#answerHeaders && !this.#skip) {
      if (this.#finished) return DONE;
      if (isResponse(message)) {
        const answers = message.id !== null && this.#pending.delete(requestKey(message.id));
        this.#collected.push(message);
        if (answers && this.#pending.size === 0) this.#complete();
        return DONE;
      }
    }
    return this.#enqueue(async () => {
      if (this.#finished || this.#skip?.(message)) return;
      const answers =
        isResponse(message) && message.id !== null && this.#pending.delete(requestKey(message.id));
      if (this.#answerHeaders) {
        this.#collected.push(message);
        if (!answers) return;
        this.#headers = this.#answerHeaders(message);
        this.#answerHeaders = undefined;
        // Under `json` only responses reach this stream; anything else held means SSE.
        if (this.#mode === 'sse' || this.#collected.some((held) => !isResponse(held))) await this.#openSse();
      } else if (this.#mode === 'sse') {
        await this.#emit(message);
      } else if (isResponse(message)) {
        this.#collected.push(message);
      } else {
        await this.#openSse();
        await this.#emit(message);
      }
      if (answers && this.#pending.size === 0) this.#complete();
    });
  }

  /**
   * The client cancelled `requestId` (notifications/cancelled): no response will come, so the stream
   * must not wait for one.
   */
  abandon(requestId: RequestId): Promise<void> {
    return this.#enqueue(async () => {
      if (this.#finished || !this.#pending.delete(requestKey(requestId))) return;
      if (this.#pending.size > 0) return;
      // A held stream whose request was cancelled has no answer to send, nor anything held for it.
      if (this.#answerHeaders) this.#collected = [];
      this.#complete();
    });
  }

  /** Serves a GET on this stream: replays what followed `lastEventId` (if any), then keeps writing to it. */
  attach(connection: SseConnection, lastEventId: string | undefined): Promise<void> {
    return this.#enqueue(async () => {
      this.#connection?.close();
      this.#connection = connection;
      connection.ondisconnect = () => this.#detach(connection);
      if (lastEventId !== undefined && this.#host.eventStore) {
        const replay = await this.#host.eventStore.replayAfter(this.#host.storeKey, lastEventId);
        for (const event of replay?.events ?? [])
          if (event.message) this.#writeMessage(event.id, event.message);
      } else if (this.#host.primes()) {
        await this.#prime();
      }
      if (this.#finished) connection.close();
    });
  }

  /**
   * Ends the HTTP connection without ending the stream (SEP-1699): the client reconnects after
   * `retry` ms with `Last-Event-ID` and gets what it missed. Switches an undecided POST to SSE first.
   */
  disconnect(retryMs = this.#host.retryMs): Promise<void> {
    return this.#enqueue(async () => {
      // Before its answer decides the headers, a held stream cannot open.
      if (this.#finished || this.#answerHeaders) return;
      if (this.#mode !== 'sse') await this.#openSse({ forcePriming: true });
      this.#connection?.write({ retry: retryMs });
      this.#connection?.close();
      this.#connection = undefined;
    });
  }

  /** Ends the stream for good (session closed). */
  close(): void {
    if (this.#finished) return;
    this.#finished = true;
    this.#connection?.close();
    this.#connection = undefined;
    this.#resolve?.(emptyReply(204, this.#headers));
    this.#release();
    this.onfinish?.();
  }

  #enqueue(step: () => Promise<void>): Promise<void> {
    const ticket = ++this.#enqueued;
    const run = this.#chain.then(step);
    this.#chain = run.then(
      () => {
        this.#settled = ticket;
      },
      (error: unknown) => {
        this.#settled = ticket;
        this.#host.reportStreamError(asError(error));
      },
    );
    return run;
  }

  async #openSse(options: { forcePriming?: boolean } = {}): Promise<void> {
    // A POST gets one SSE response; after a disconnect only a GET with Last-Event-ID reattaches.
    if (this.#sseOpened) return;
    this.#sseOpened = true;
    this.#mode = 'sse';
    const connection = this.#host.openConnection(this.#abort);
    this.#connection = connection;
    connection.ondisconnect = () => this.#detach(connection);
    this.#resolve?.(sseReply(connection, this.#headers));
    const priming = options.forcePriming || this.#host.primes();
    if (this.#requests && this.#host.eventStore?.setOrigin) await this.#storeOrigin(priming);
    else if (priming) await this.#prime();
    const collected = this.#collected;
    this.#collected = [];
    for (const message of collected) await this.#emit(message);
  }

  /**
   * Stores what this stream answers before the client can see any of it, so a process resuming it
   * elsewhere knows its requests; its first event (written out as priming only when the client
   * expects priming) lets that process read the whole stream.
   */
  async #storeOrigin(priming: boolean): Promise<void> {
    const store = this.#host.eventStore!;
    const requests = this.#requests!;
    this.#requests = undefined;
    const firstEventId = await store.append(this.#host.storeKey, this.id, undefined);
    const instanceId = this.#host.instanceId;
    await store.setOrigin!(this.#host.storeKey, this.id, {
      requests,
      firstEventId,
      ...(instanceId === undefined ? {} : { instanceId }),
    });
    if (priming) this.#connection?.write({ id: firstEventId, retry: this.#host.retryMs, data: '' });
  }

  async #prime(): Promise<void> {
    const id = this.#host.eventStore
      ? await this.#host.eventStore.append(this.#host.storeKey, this.id, undefined)
      : undefined;
    this.#connection?.write({ ...(id === undefined ? {} : { id }), retry: this.#host.retryMs, data: '' });
  }

  async #emit(message: JSONRPCMessage): Promise<void> {
    // Stored as what the client gets: an answer JSON cannot carry is replaced (json-text.ts).
    const written = writable(message, this.#host);
    const store = this.#host.eventStore;
    const id = store ? await store.append(this.#host.storeKey, this.id, written.message) : undefined;
    this.#writeData(id, written.data);
  }

  #writeMessage(id: string | undefined, message: JSONRPCMessage): void {
    this.#writeData(id, answerText(message, this.#host));
  }

  #writeData(id: string | undefined, data: string): void {
    const event: SseEvent = { event: 'message', data };
    if (id !== undefined) event.id = id;
    this.#connection?.write(event);
  }

  #complete(): void {
    if (!this.#sseOpened && this.#collected.length === 0) {
      // Every request of the POST was cancelled: there is nothing to answer with.
      this.#resolve?.(emptyReply(204, this.#headers));
    } else if (!this.#sseOpened) {
      const answer = this.#isBatch ? this.#collected : this.#collected[0]!;
      this.#resolve?.(answerReply(answer, 200, this.#headers, this.#host));
      this.#collected = [];
    }
    this.#finished = true;
    this.#connection?.close();
    this.#connection = undefined;
    this.#release();
    this.onfinish?.();
  }

  /** A finished stream holds nothing of its request (a standalone stream lives as long as its session). */
  #release(): void {
    this.#resolve = undefined;
    this.#requests = undefined;
    this.#abort = undefined;
  }

  #detach(connection: SseConnection): void {
    if (this.#connection === connection) this.#connection = undefined;
  }
}

const DONE: Promise<void> = Promise.resolve();

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

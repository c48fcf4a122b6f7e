import type { MessageExtra, Transport, TransportSendOptions } from '@mcpkit/jsonrpc';
import { type JSONRPCMessage, type JSONRPCRequest, Notification, type RequestId } from '@mcpkit/protocol';
import { type AbortSource, emptyReply, type HttpExchange, type Reply } from './exchange.js';
import type { FollowState } from './follow-stream.js';
import { isInitializeRequest, isRequest, isResponse } from './framing.js';
import { inFlightConflict, rejection } from './http-errors.js';
import { generateStreamId } from './ids.js';
import { envelopeOf, routeAnswer, untagResponseId } from './instance-ids.js';
import { requestExtra } from './message-extra.js';
import { NoStreamError, noPostWaiting } from './no-stream-error.js';
import { OutboundStream, requestKey, type StreamHost, type TakenOver } from './outbound-stream.js';
import { PostStreams } from './post-streams.js';
import { resumeStream } from './resume.js';
import { SessionAnswer, type SessionAnswerHost, waitsWithoutStream } from './session-answer.js';
import type { SharedSessionEnvironment } from './session-environment.js';
import { isStateMethod } from './session-state.js';
import { SessionStateLog } from './session-state-log.js';
import { type SseConnection, sseReply } from './sse.js';
import type { Awaitable, EventStore, OutboundEnvelope, SessionRecord } from './stores/types.js';
import { takeOver } from './take-over.js';

const SENT: Promise<void> = Promise.resolve();
const NOT_CONNECTED =
  'Internal Server Error: onSession did not connect the transport (it has no onmessage), so nothing can answer';
/** Messages of a batch handed to onmessage between two yields to the event loop. */
const BATCH_SLICE = 64;

/** What every session of one handler shares (one object, so an idle session costs little). */
export type SessionEnvironment = SharedSessionEnvironment<StreamableSessionTransport>;

/**
 * The Transport one Streamable HTTP session (or, in stateless mode, one POST) hands to user code.
 * Outbound messages travel through the MessageBus and are routed by `relatedRequestId`: a response
 * and anything sent while handling a request go to that request's POST stream, everything else to
 * the standalone GET stream.
 */
export class StreamableSessionTransport implements Transport, StreamHost, SessionAnswerHost {
  readonly sessionId: string | undefined;
  readonly record: SessionRecord;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtra) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  #env: SessionEnvironment;
  /** Made by the first POST, dropped with the last: an idle session holds no maps. */
  #open: PostStreams | undefined;
  #standalone: OutboundStream | undefined;
  #unsubscribe: (() => void) | undefined;
  #initializeKey: string | undefined;
  /** The POST carrying initialize; if it ends without a successful answer, the session goes too. */
  #initializeStream: OutboundStream | undefined;
  #admitted = false;
  /** Made on first use: only a session that is rehydrated or changes state keeps a log. */
  #stateLog: SessionStateLog | undefined;
  #started = false;
  #released = false;
  /** The store failed to record this session when it opened (store down): it is only here. */
  unstored = false;
  #closed = false;

  constructor(env: SessionEnvironment, record: SessionRecord, stateless: boolean) {
    this.#env = env;
    this.record = record;
    this.sessionId = stateless ? undefined : record.id;
  }

  get storeKey(): string {
    return this.record.id;
  }

  get eventStore(): EventStore | undefined {
    return this.sessionId === undefined ? undefined : this.#env.eventStore;
  }

  get retryMs(): number {
    return this.#env.retryMs;
  }

  get instanceId(): string | undefined {
    return this.#env.instanceId;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Whether this process holds the standalone GET stream (unrelated messages go there). */
  get holdsStandaloneStream(): boolean {
    return this.#standalone !== undefined;
  }

  /** Whether any HTTP connection of this session is open. */
  get connected(): boolean {
    if (this.#standalone?.connected) return true;
    for (const stream of this.#open?.values() ?? []) if (stream.connected) return true;
    return false;
  }

  /** Whether a request is being answered (its stream may be gone) or a stream is open: never idle. */
  get busy(): boolean {
    return this.#open !== undefined || this.#standalone?.connected === true;
  }

  /**
   * Priming events (empty data) confuse clients older than 2025-11-25, so they are sent only once the
   * session speaks 2025-11-25 or later; before initialize is answered, the version the client asked for
   * stands in.
   */
  primes(): boolean {
    const version = this.record.protocolVersion ?? this.requestedVersion ?? '';
    return this.eventStore !== undefined && version >= '2025-11-25';
  }

  openConnection(abort?: AbortSource): SseConnection {
    return this.#env.keepAlive.open(abort);
  }

  /** The protocol version the client's initialize asked for. */
  requestedVersion: string | undefined;

  async start(): Promise<void> {
    if (this.#started) throw new Error('StreamableSessionTransport.start() was called twice');
    this.#started = true;
    // Unshared, the bus is this handler's own: send() routes to this session itself, unsubscribed.
    if (this.sessionId !== undefined && this.#env.instanceId !== undefined) {
      this.#unsubscribe = this.#env.bus.subscribe(this.sessionId, (envelope) =>
        envelope.from === undefined ? this.#route(envelope) : this.#routeShared(envelope),
      );
    }
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    // Past the handshake, unshared, no state log: the message is only routed, with no async frame.
    const direct = this.sessionId === undefined || (this.#env.instanceId === undefined && this.#started);
    if (!direct || this.#closed || this.#stateLog || this.#initializeKey !== undefined)
      return this.#sendAny(message, options);
    try {
      this.#env.wireLog?.('out', message, this.sessionId);
      return this.#route(envelopeOf(message, options));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  async #sendAny(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (this.#closed)
      throw new Error(`Cannot send: the HTTP session ${this.sessionId ?? '(stateless)'} is closed`);
    if (this.#stateLog?.swallow(message)) return;
    if (this.#env.wireLog !== undefined) this.#env.wireLog('out', message, this.sessionId);
    // Stored before the client sees the answer: its next request may land on another process.
    if (this.#stateLog?.waiting) await this.#stateLog.noteAnswer(message, this.#admitted);
    if (this.#noteNegotiation(message) === 'result' && this.sessionId !== undefined) {
      this.#admitted = true;
      try {
        await this.#env.sessionAdmitted(this);
      } catch (error) {
        // The session lives in this process either way; a store that failed to record it is news.
        this.unstored = true;
        this.#reportError(error instanceof Error ? error : new Error(String(error)));
      }
    }
    const instanceId = this.sessionId === undefined ? undefined : this.#env.instanceId;
    // Shared: a server request's id names this instance, so its answer finds the way back here.
    const envelope = envelopeOf(message, options, instanceId);
    if (this.sessionId === undefined || (instanceId === undefined && this.#started))
      return await this.#route(envelope);
    // Shared: this process's streams first; else whichever process holds the stream carries it.
    if (instanceId !== undefined && this.#holdsStreamFor(envelope)) return await this.#route(envelope);
    const delivered = await this.#env.bus.publish(
      this.sessionId,
      instanceId === undefined ? envelope : { ...envelope, from: instanceId },
    );
    if (!delivered) throw new Error(`Cannot send: no process holds the streams of session ${this.sessionId}`);
  }

  setProtocolVersion(version: string): void {
    if (this.record.protocolVersion === version) return;
    this.record.protocolVersion = version;
    this.#persist();
  }

  /**
   * Closes this process's copy of the session only: its record and history stay in the shared
   * stores for the other processes (shutdown, a copy that could not be rebuilt).
   */
  async release(): Promise<void> {
    this.#released = true;
    await this.close();
  }

  /** Whether close() came from release(): the session goes on elsewhere. */
  get released(): boolean {
    return this.#released;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#unsubscribe?.();
    for (const stream of [...(this.#open?.values() ?? [])]) stream.close();
    this.#standalone?.close();
    this.#open?.forgetRequests();
    this.#env.sessionClosed(this);
    this.onclose?.();
  }

  /** Hands client messages of one POST to user code and returns the HTTP response (not async: see #route). */
  receivePost(
    messages: JSONRPCMessage[],
    isBatch: boolean,
    request: HttpExchange,
    extra: MessageExtra,
    headers: Record<string, string>,
  ): Awaitable<Reply> {
    if (!this.onmessage) return this.close().then(() => rejection(500, NOT_CONNECTED));
    const only = messages.length === 1 ? messages[0]! : undefined;
    if (only !== undefined && waitsWithoutStream(only, this.sessionId, this.#env)) {
      if (this.#open?.answering(only.id)) return inFlightConflict(only.id);
      const answer = new SessionAnswer(this, only, request, headers, this.#env.responseMode !== 'json');
      this.#open ??= new PostStreams();
      this.#open.wait(answer);
      this.#receiveAll(messages, extra, 0);
      return answer.reply;
    }
    const requests = messages.filter(isRequest);
    const requestIds = requests.map((message) => message.id);
    for (const id of requestIds) if (this.#open?.answering(id)) return inFlightConflict(id);
    if (requestIds.length === 0) {
      this.#receiveAll(messages, extra, 0, () => {
        if (this.sessionId === undefined) queueMicrotask(() => void this.close());
      });
      return emptyReply(202, headers);
    }
    const opens = this.sessionId !== undefined && messages.some(isInitializeRequest);
    const stream = new OutboundStream(this, {
      id: generateStreamId(),
      kind: 'post',
      requestIds,
      requests,
      isBatch,
      mode: this.#env.responseMode,
      headers,
      abort: request,
      // A failed initialize must not hand out the id of a session that will not exist.
      answerHeaders: opens ? (answer) => ('result' in answer ? headers : {}) : undefined,
    });
    if (opens) this.#initializeStream = stream;
    this.#track(stream, requestIds);
    const response = stream.response();
    this.#receiveAll(messages, extra, 0);
    return response;
  }

  /** The stream of a waiting POST (SessionAnswerHost), tracked as every POST stream is. */
  openStream(answer: SessionAnswer): OutboundStream {
    const ids = [answer.request.id];
    const stream = new OutboundStream(
      this,
      answer.streamInit(generateStreamId(), ids, this.#env.responseMode),
    );
    this.#track(stream, ids);
    return stream;
  }

  /** A waiting POST was answered or abandoned (SessionAnswerHost). */
  settled(answer: SessionAnswer): void {
    if (this.#open?.settle(answer)) this.#open = undefined;
  }

  /**
   * Hands `messages` from index `from` on to onmessage, in order. A batch goes a slice at a time
   * with a macrotask between slices, so that one long batch cannot stall every other session of
   * the process; a single message (and a batch's first slice) is delivered at once, so a throwing
   * onmessage still fails the POST.
   */
  #receiveAll(messages: JSONRPCMessage[], extra: MessageExtra, from: number, done?: () => void): void {
    const end = Math.min(from + BATCH_SLICE, messages.length);
    for (let index = from; index < end; index++) {
      const message = messages[index]!;
      if (isInitializeRequest(message)) this.#initializeKey = requestKey(message.id);
      if (this.#env.instanceId !== undefined && this.#routeAnswer(message)) continue;
      if (isRequest(message) && isStateMethod(message.method)) this.#states().noteRequest(message);
      const single = messages.length === 1;
      const closeSseStream = isRequest(message) ? this.#closeSseStream(message.id) : undefined;
      this.#deliver(message, closeSseStream ? requestExtra(extra, closeSseStream, single) : extra);
      this.#noteCancellation(message);
    }
    if (end === messages.length) {
      done?.();
      return;
    }
    setTimeout(() => {
      if (this.#closed) return;
      try {
        this.#receiveAll(messages, extra, end, done);
      } catch (error) {
        // No POST to fail any more: the rest of this batch is dropped, and onerror says why.
        this.#reportError(error instanceof Error ? error : new Error(String(error)));
      }
    }, 0);
  }

  /** Serves a GET without Last-Event-ID: the standalone stream (one connection per session). */
  async openStandalone(request: HttpExchange, headers: Record<string, string>): Promise<Reply> {
    if (this.#standalone?.connected) {
      return rejection(409, 'Conflict: this session already has an open GET SSE stream; only one is allowed');
    }
    this.#standalone ??= new OutboundStream(this, {
      id: generateStreamId(),
      kind: 'standalone',
      mode: 'sse',
    });
    const connection = this.openConnection(request);
    await this.#standalone.attach(connection, undefined);
    return sseReply(connection, headers);
  }

  /** Serves a GET with Last-Event-ID: replays that stream's missed events and, if it is live, resumes it. */
  resume(request: HttpExchange, lastEventId: string, headers: Record<string, string>): Promise<Reply> {
    return resumeStream(this, request, lastEventId, headers);
  }

  /** The stream with this id, when this process holds it. */
  liveStream(streamId: string): OutboundStream | undefined {
    return this.#open?.get(streamId) ?? (this.#standalone?.id === streamId ? this.#standalone : undefined);
  }

  /** A followed stream went quiet: runs its request again here if its holder died (take-over.ts). */
  takeOver(state: FollowState): Promise<boolean> {
    return takeOver(this, state, this.#env.canRerun);
  }

  /** Runs `request` again here, on the stream `streamId` taken over with its connection; false if it cannot. */
  rerun(streamId: string, request: JSONRPCRequest, takenOver: TakenOver): boolean {
    if (this.#closed || this.#open?.answering(request.id)) return false;
    const ids = [request.id];
    this.#track(
      new OutboundStream(this, { id: streamId, kind: 'post', requestIds: ids, mode: 'sse', takenOver }),
      ids,
    );
    this.#deliver(request, requestExtra({}, this.#closeSseStream(request.id), true));
    return true;
  }

  /** Routes the responses of `requestIds` (and what is sent while handling them) to `stream`. */
  #track(stream: OutboundStream, requestIds: RequestId[]): void {
    this.#open ??= new PostStreams();
    this.#open.add(stream, requestIds);
    this.#env.streamOpened();
    stream.onfinish = () => this.#streamFinished(stream, requestIds);
  }

  /** Ends the HTTP connection carrying `requestId`'s answer (SEP-1699); false if no such POST is open. */
  closeRequestStream(requestId: RequestId, retryMs?: number): boolean {
    const stream = this.#open?.answering(requestId);
    if (!stream) return false;
    void stream.disconnect(retryMs);
    return true;
  }

  /** Ends the HTTP connection of the standalone GET stream; the client may resume it. */
  closeStandaloneStream(retryMs?: number): boolean {
    if (!this.#standalone?.connected) return false;
    void this.#standalone.disconnect(retryMs);
    return true;
  }

  /** Reports a failure of one of the session's streams to `onerror`. */
  reportStreamError(error: Error): void {
    this.#reportError(error);
  }

  /**
   * Rehydration: brings the server just connected to this transport up to the session's state by
   * replaying the initialize the session was opened with, notifications/initialized and the state
   * log; the server's answers are swallowed. The session counts as admitted: it already exists.
   */
  async restore(): Promise<void> {
    this.#admitted = true;
    await this.#states().restore();
  }

  /** Replays the state log entries of `record` (the store's latest) not applied here yet, in order. */
  catchUp(record: SessionRecord): Promise<void> {
    return this.#states().catchUp(record);
  }

  #states(): SessionStateLog {
    this.#stateLog ??= new SessionStateLog(this.#env, this.record, this.sessionId, {
      deliver: (message) => this.#deliver(message, {}),
      report: (error) => this.#reportError(error),
    });
    return this.#stateLog;
  }

  /** Whether this process holds the stream `envelope` would be routed to. */
  #holdsStreamFor(envelope: OutboundEnvelope): boolean {
    const { message, relatedRequestId } = envelope;
    const stream = relatedRequestId === undefined ? undefined : this.#open?.answering(relatedRequestId);
    if (stream && (isResponse(message) || stream.carriesNonResponses)) return true;
    return !isResponse(message) && this.#standalone !== undefined;
  }

  /**
   * An envelope another instance published for whichever process holds the stream, or a client's
   * answer forwarded to this instance. Anything this process has no stream for belongs to another.
   */
  async #routeShared(envelope: OutboundEnvelope): Promise<void> {
    const self = this.#env.instanceId;
    if (envelope.from === self) return;
    if (envelope.to !== undefined) {
      const tagged = envelope.to === self ? untagResponseId(envelope.message) : undefined;
      if (tagged) this.#deliver({ ...envelope.message, id: tagged.original } as JSONRPCMessage, {});
      return;
    }
    if (this.#holdsStreamFor(envelope)) return await this.#route(envelope);
  }

  /** A client's answer to a server request: the id restored if it is ours, else forwarded (true). */
  #routeAnswer(message: JSONRPCMessage): boolean {
    return routeAnswer(this.#env.bus, this.record.id, this.#env.instanceId!, message, (e) =>
      this.#reportError(e),
    );
  }

  /** Not async, so the stream's promise goes back as is (an async wrapper costs 2 microtask turns). */
  #route(envelope: OutboundEnvelope): Promise<void> {
    const { message, relatedRequestId } = envelope;
    const stream = relatedRequestId === undefined ? undefined : this.#open?.answering(relatedRequestId);
    if (stream && (isResponse(message) || stream.carriesNonResponses)) return stream.push(message);
    if (isResponse(message)) return Promise.reject(noPostWaiting(relatedRequestId));
    // Unrelated messages ride the standalone stream. Before the client ever opened one there is nowhere
    // to put them: a notification is dropped, which the spec allows (the client chose not to listen),
    // but a request would wait for an answer that cannot come, so its send fails at once.
    if (this.#standalone) return this.#standalone.push(message);
    return isRequest(message) ? Promise.reject(new NoStreamError(message.method, relatedRequestId)) : SENT;
  }

  #deliver(message: JSONRPCMessage, extra: MessageExtra): void {
    if (!this.onmessage) {
      this.#reportError(
        new Error('A message arrived but the transport has no onmessage: did onSession connect it?'),
      );
      return;
    }
    if (this.#env.wireLog !== undefined) this.#env.wireLog('in', message, this.sessionId);
    this.onmessage(message, extra);
  }

  /** A request's `closeSseStream` (its extra's; see `requestExtra`). */
  #closeSseStream(id: RequestId): (retryMs?: number) => void {
    return (retryMs) => void this.closeRequestStream(id, retryMs);
  }

  #streamFinished(stream: OutboundStream, requestIds: RequestId[]): void {
    if (this.#open?.remove(stream, requestIds)) this.#open = undefined;
    this.#env.streamFinished();
    if (this.sessionId === undefined && this.#open === undefined) void this.close();
    if (stream === this.#initializeStream) {
      // An idle session keeps nothing of the request that opened it.
      this.#initializeStream = undefined;
      // Initialize answered with an error (or not at all): the session never came to exist.
      if (!this.#admitted) void this.close();
    }
  }

  /** A cancelled request gets no response (the peer stays silent), so its stream stops waiting. */
  #noteCancellation(message: JSONRPCMessage): void {
    if (!('method' in message) || message.method !== Notification.Cancelled) return;
    const requestId = message.params?.requestId;
    if (typeof requestId !== 'string' && typeof requestId !== 'number') return;
    void this.#open?.answering(requestId)?.abandon(requestId);
  }

  /** Remembers what initialize negotiated, and whether `message` answers it (a result or an error). */
  #noteNegotiation(message: JSONRPCMessage): 'result' | 'error' | undefined {
    if (this.#initializeKey === undefined || !isResponse(message) || message.id === null) return undefined;
    if (requestKey(message.id) !== this.#initializeKey) return undefined;
    this.#initializeKey = undefined;
    if (!('result' in message)) return 'error';
    const version = message.result.protocolVersion;
    if (typeof version === 'string') this.setProtocolVersion(version);
    return 'result';
  }

  #persist(): void {
    // Before its initialize succeeded the session is not in the store; admission stores the record.
    if (this.sessionId === undefined || !this.#admitted) return;
    Promise.resolve(this.#env.sessionStore.set(this.record)).catch((error: unknown) =>
      this.#reportError(error instanceof Error ? error : new Error(String(error))),
    );
  }

  #reportError(error: Error): void {
    this.onerror?.(error);
    this.#env.onerror(error);
  }
}

export { NoStreamError } from './no-stream-error.js';
export type { HttpMessageExtra } from './session-environment.js';

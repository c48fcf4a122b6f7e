import type { MessageExtra, Transport, TransportSendOptions, WireLog } from '@mcpkit/jsonrpc';
import type { JSONRPCMessage, RequestId } from '@mcpkit/protocol';
import { isInitializeRequest, isResponse } from './framing.js';
import { answerText } from './json-text.js';
import type { SseConnection } from './sse.js';
import type { SessionRecord } from './stores/types.js';

/**
 * The 2024-11-05 HTTP+SSE transport for one client: every server message goes down the one SSE
 * connection opened by GET /sse; client messages arrive by POST to the endpoint it announced.
 * The session lives exactly as long as that connection.
 */
export class LegacySseTransport implements Transport {
  readonly sessionId: string;
  readonly record: SessionRecord;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtra) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  readonly connection: SseConnection;
  #onEnded: (transport: LegacySseTransport) => void;
  /** Logs each message received and sent (`MCPKIT_DEBUG=wire`); undefined when that is off. */
  readonly #wireLog: WireLog | undefined;
  #closed = false;
  #initializeId: RequestId | undefined;

  constructor(
    record: SessionRecord,
    connection: SseConnection,
    onEnded: (transport: LegacySseTransport) => void,
    wireLog?: WireLog,
  ) {
    this.#wireLog = wireLog;
    this.record = record;
    this.sessionId = record.id;
    this.#onEnded = onEnded;
    this.connection = connection;
    this.connection.ondisconnect = () => void this.close();
  }

  get connected(): boolean {
    return this.connection.open;
  }

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
    if (this.#closed || !this.connection.open) {
      throw new Error(`Cannot send: the SSE connection of session ${this.sessionId} is closed`);
    }
    this.#noteNegotiation(message);
    if (this.#wireLog !== undefined) this.#wireLog('out', message, this.sessionId);
    this.connection.write({ event: 'message', data: answerText(message, this) });
  }

  /** An answer that could not be written as it was (json-text.ts). */
  reportStreamError(error: Error): void {
    this.onerror?.(error);
  }

  setProtocolVersion(version: string): void {
    this.record.protocolVersion = version;
  }

  /** Announces where the client must POST its messages (the first event of the stream). */
  announceEndpoint(url: string): void {
    this.connection.write({ event: 'endpoint', data: url });
  }

  /** Hands a message POSTed by the client on to `onmessage`. */
  receive(message: JSONRPCMessage, extra: MessageExtra): void {
    if (isInitializeRequest(message)) this.#initializeId = message.id;
    if (!this.onmessage) {
      this.onerror?.(
        new Error('A message arrived but the transport has no onmessage: did onSession connect it?'),
      );
      return;
    }
    if (this.#wireLog !== undefined) this.#wireLog('in', message, this.sessionId);
    this.onmessage(message, extra);
  }

  /** Clients negotiate any revision over this transport; the server's initialize answer says which. */
  #noteNegotiation(message: JSONRPCMessage): void {
    if (this.#initializeId === undefined || !isResponse(message) || message.id !== this.#initializeId) return;
    this.#initializeId = undefined;
    const version = 'result' in message ? message.result.protocolVersion : undefined;
    if (typeof version === 'string') this.record.protocolVersion = version;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.connection.close();
    this.#onEnded(this);
    this.onclose?.();
  }
}

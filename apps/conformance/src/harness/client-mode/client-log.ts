import type { JSONRPCMessage } from '@mcpkit/protocol';

/** One thing the client under test did, as the mock server saw it. */
export interface ClientEvent {
  /** Milliseconds since the scenario started. */
  at: number;
  /** A JSON-RPC message the client sent, or one the mock server sent to it. */
  direction: 'from-client' | 'to-client';
  message: JSONRPCMessage;
  /** The HTTP request that carried a client message (HTTP only). */
  http?: { method: string; headers: Record<string, string> };
}

/** An HTTP request that carried no JSON-RPC message (GET, DELETE), or a stream the mock closed. */
export interface HttpEvent {
  at: number;
  kind: 'get' | 'delete' | 'stream-closed';
  headers: Record<string, string>;
  /** For `stream-closed`: the id of the last event written before the close, and the retry sent. */
  lastEventId?: string;
  retryMs?: number;
  status?: number;
}

/** Everything recorded during one scenario. */
export class ClientLog {
  readonly events: ClientEvent[] = [];
  readonly httpEvents: HttpEvent[] = [];
  /** Lines the client wrote to stdout that were not JSON-RPC (stdio only). */
  readonly stdoutNoise: string[] = [];
  /** What the mock server negotiated, once the client initialized. */
  negotiatedVersion: string | undefined;
  sessionId: string | undefined;
  exitCode: number | null | undefined;
  readonly stderr: string[] = [];
  readonly #started = Date.now();

  now(): number {
    return Date.now() - this.#started;
  }

  fromClient(message: JSONRPCMessage, http?: ClientEvent['http']): void {
    this.events.push({ at: this.now(), direction: 'from-client', message, ...(http ? { http } : {}) });
  }

  toClient(message: JSONRPCMessage): void {
    this.events.push({ at: this.now(), direction: 'to-client', message });
  }

  http(event: Omit<HttpEvent, 'at'>): void {
    this.httpEvents.push({ at: this.now(), ...event });
  }

  /** Messages the client sent, in order. */
  sent(): ClientEvent[] {
    return this.events.filter((event) => event.direction === 'from-client');
  }

  /** Requests the client sent with this method. */
  requests(method: string): ClientEvent[] {
    return this.sent().filter(
      (event) => 'method' in event.message && 'id' in event.message && event.message.method === method,
    );
  }
}

// A minimal fetch-based client of the 2024-11-05 HTTP+SSE transport, written for the contract
// suite: GET /sse, wait for the endpoint event, then POST each message there in order.
import type { MessageExtra, Transport } from '@mcpkit/jsonrpc';
import type { JSONRPCMessage } from '@mcpkit/protocol';
import { SseReader } from './http.js';

export class LegacyTestClient implements Transport {
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtra) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  #reader: SseReader;
  #endpoint: URL;
  #abort: AbortController;
  #queue: Promise<void> = Promise.resolve();
  #closed = false;

  private constructor(reader: SseReader, endpoint: URL, abort: AbortController) {
    this.#reader = reader;
    this.#endpoint = endpoint;
    this.#abort = abort;
  }

  static async connect(sseUrl: URL): Promise<LegacyTestClient> {
    const abort = new AbortController();
    const response = await fetch(sseUrl, { headers: { accept: 'text/event-stream' }, signal: abort.signal });
    if (response.status !== 200) throw new Error(`GET ${sseUrl} answered ${response.status}`);
    const reader = new SseReader(response);
    const first = await reader.next();
    if (first?.event !== 'endpoint')
      throw new Error(`expected an endpoint event, got ${JSON.stringify(first)}`);
    return new LegacyTestClient(reader, new URL(first.data, sseUrl), abort);
  }

  async start(): Promise<void> {
    void this.#pump();
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('LegacyTestClient is closed; cannot send'));
    // One POST at a time keeps the messages in the order they were sent.
    const sent = this.#queue.then(async () => {
      const response = await fetch(this.#endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message),
      });
      await response.text();
      if (response.status !== 202) throw new Error(`POST answered ${response.status}`);
    });
    this.#queue = sent.catch(() => undefined);
    return sent;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#abort.abort();
    this.onclose?.();
  }

  async #pump(): Promise<void> {
    try {
      for (let event = await this.#reader.next(); event; event = await this.#reader.next()) {
        if (event.event === 'message') this.onmessage?.(JSON.parse(event.data) as JSONRPCMessage);
      }
    } catch (error) {
      if (!this.#closed) this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
    await this.close();
  }
}

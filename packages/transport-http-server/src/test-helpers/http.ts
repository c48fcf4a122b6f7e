// Request builders and an incremental SSE reader for tests that call the handler directly.
import type { JSONRPCMessage } from '@mcpkit/protocol';

export const BASE = 'http://localhost:3000';
export const ACCEPT_BOTH = 'application/json, text/event-stream';

export function postRequest(body: unknown, headers: Record<string, string> = {}, path = '/mcp'): Request {
  return new Request(`${BASE}${path}`, {
    method: 'POST',
    headers: { host: 'localhost:3000', accept: ACCEPT_BOTH, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export function getRequest(
  headers: Record<string, string> = {},
  path = '/mcp',
  signal?: AbortSignal,
): Request {
  return new Request(`${BASE}${path}`, {
    method: 'GET',
    headers: { host: 'localhost:3000', accept: 'text/event-stream', ...headers },
    ...(signal ? { signal } : {}),
  });
}

export function initializeMessage(version = '2025-11-25', id: number | string = 0): JSONRPCMessage {
  return {
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'test', version: '1' } },
  };
}

export function request(
  method: string,
  id: number | string,
  params?: Record<string, unknown>,
): JSONRPCMessage {
  return { jsonrpc: '2.0', id, method, ...(params ? { params } : {}) };
}

export interface ParsedEvent {
  id?: string;
  event?: string;
  data: string;
  retry?: number;
}

/** Reads SSE events one by one from a response body. */
export class SseReader {
  #reader: ReadableStreamDefaultReader<Uint8Array>;
  #buffer = '';
  #decoder = new TextDecoder();

  constructor(response: Response) {
    if (!response.body) throw new Error('response has no body');
    this.#reader = response.body.getReader();
  }

  /** The next event, or undefined when the stream ended. */
  async next(): Promise<ParsedEvent | undefined> {
    for (;;) {
      const end = this.#buffer.indexOf('\n\n');
      if (end !== -1) {
        const block = this.#buffer.slice(0, end);
        this.#buffer = this.#buffer.slice(end + 2);
        return parseBlock(block);
      }
      const { done, value } = await this.#reader.read();
      if (done) return undefined;
      this.#buffer += this.#decoder.decode(value, { stream: true });
    }
  }

  /** Every remaining event until the stream ends. */
  async rest(): Promise<ParsedEvent[]> {
    const events: ParsedEvent[] = [];
    for (let event = await this.next(); event; event = await this.next()) events.push(event);
    return events;
  }

  cancel(): Promise<void> {
    return this.#reader.cancel();
  }
}

function parseBlock(block: string): ParsedEvent {
  const event: ParsedEvent = { data: '' };
  const data: string[] = [];
  for (const line of block.split('\n')) {
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') event.id = value;
    else if (field === 'event') event.event = value;
    else if (field === 'retry') event.retry = Number(value);
    else if (field === 'data') data.push(value);
  }
  event.data = data.join('\n');
  return event;
}

export function messagesOf(events: ParsedEvent[]): JSONRPCMessage[] {
  return events.filter((e) => e.data !== '').map((e) => JSON.parse(e.data) as JSONRPCMessage);
}

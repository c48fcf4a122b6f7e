import type { JSONRPCMessage, JSONRPCResponse } from '@mcpkit/protocol';

// A raw JSON-RPC connection to the server under test: no SDK in between, so every byte the server
// sent is seen, including malformed messages, and malformed input can be sent on purpose.

export type JsonObject = Record<string, unknown>;

export interface Received {
  message: JSONRPCMessage;
  /** The method of our request this answers (responses only), for schema checks. */
  answers?: string;
}

export interface RequestOptions {
  /** Extra HTTP headers (ignored over stdio). */
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export interface Wire {
  readonly kind: 'stdio' | 'http' | 'legacy-sse';
  /** Everything the server sent, in order. */
  readonly received: Received[];
  /** Sends a request and resolves with its response (result or error). */
  request(method: string, params?: JsonObject, options?: RequestOptions): Promise<JSONRPCResponse>;
  notify(method: string, params?: JsonObject): Promise<void>;
  /** Sends text as-is (malformed JSON on purpose); resolves with whatever answered it, if anything. */
  sendRaw(text: string): Promise<RawAnswer>;
  close(): Promise<void>;
}

export interface RawAnswer {
  /** HTTP status (HTTP only). */
  status?: number;
  messages: JSONRPCMessage[];
}

/** Answers the server's own requests the way a cooperative client would, so round trips complete. */
export function answerServerRequest(method: string, params: JsonObject | undefined): JsonObject {
  switch (method) {
    case 'ping':
      return {};
    case 'roots/list':
      return { roots: [{ uri: 'file:///tmp/mcpkit-conformance', name: 'conformance' }] };
    case 'sampling/createMessage':
      return {
        role: 'assistant',
        content: { type: 'text', text: 'sampled by mcpkit-conformance' },
        model: 'mcpkit-conformance',
        stopReason: 'endTurn',
      };
    case 'elicitation/create':
      return { action: 'accept', content: elicitationContent(params?.requestedSchema) };
    default:
      throw new Error(`the harness does not answer ${method}`);
  }
}

function elicitationContent(schema: unknown): JsonObject {
  const properties = (
    schema as { properties?: Record<string, { type?: string; enum?: unknown[]; default?: unknown }> }
  )?.properties;
  const content: JsonObject = {};
  for (const [name, property] of Object.entries(properties ?? {})) {
    if (property.default !== undefined) content[name] = property.default;
    else if (Array.isArray(property.enum) && property.enum.length > 0) content[name] = property.enum[0];
    else if (property.type === 'number' || property.type === 'integer') content[name] = 1;
    else if (property.type === 'boolean') content[name] = true;
    else content[name] = 'conformance';
  }
  return content;
}

/** The stdio server process ended; what it was asked and what it said on stderr are in the message. */
export class ServerExitedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServerExitedError';
  }
}

/** Pending requests by id, shared by both wires. */
export class PendingRequests {
  private readonly waiting = new Map<
    string | number,
    { method: string; resolve: (r: JSONRPCResponse) => void; reject: (error: Error) => void }
  >();
  private nextId = 1;

  register(method: string, timeoutMs: number): { id: number; response: Promise<JSONRPCResponse> } {
    const id = this.nextId++;
    const response = new Promise<JSONRPCResponse>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error(`no response to ${method} (id ${id}) within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.set(id, {
        method,
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
    });
    return { id, response };
  }

  /** Settles the request a response answers; returns its method, or undefined if none waited. */
  settle(message: JSONRPCResponse): string | undefined {
    if (message.id === null || message.id === undefined) return undefined;
    const entry = this.waiting.get(message.id);
    if (entry === undefined) return undefined;
    this.waiting.delete(message.id);
    entry.resolve(message);
    return entry.method;
  }

  /** Rejects every request still waiting (the peer is gone), each with `errorFor(method, id)`. */
  rejectAll(errorFor: (method: string, id: string | number) => Error): void {
    for (const [id, entry] of this.waiting) entry.reject(errorFor(entry.method, id));
    this.waiting.clear();
  }
}

export function isResponse(message: JSONRPCMessage): message is JSONRPCResponse {
  return !('method' in message) && ('result' in message || 'error' in message);
}

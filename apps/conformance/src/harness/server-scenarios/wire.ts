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
  /**
   * Set once the server is gone (its process exited, or its URL stopped accepting connections):
   * what was seen, e.g. `the server exited (code 3)`. Later requests cannot be answered.
   */
  readonly gone?: string | undefined;
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

/**
 * The server broke JSON-RPC in how it answered: a response to an id nobody asked, a result that is
 * not an object, a message without `"jsonrpc": "2.0"`. A failure of the server, never a harness bug.
 */
export class ProtocolViolationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProtocolViolationError';
  }
}

function shown(value: unknown, length = 160): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > length ? `${text.slice(0, length)}…` : text;
}

/**
 * What is wrong with a response's JSON-RPC envelope (jsonrpc, result or error), or undefined when
 * nothing is. Every revision's schema requires `"jsonrpc": "2.0"` and a result that is an object.
 */
export function envelopeFault(message: JSONRPCResponse): string | undefined {
  const raw = message as unknown as Record<string, unknown>;
  if (raw.jsonrpc !== '2.0')
    return 'jsonrpc' in raw
      ? `its "jsonrpc" is ${shown(raw.jsonrpc)}, not "2.0"`
      : 'it has no "jsonrpc": "2.0" member';
  if ('result' in raw && 'error' in raw) return 'it carries both "result" and "error"';
  if ('result' in raw) {
    const result = raw.result;
    if (result === null || typeof result !== 'object' || Array.isArray(result))
      return `its "result" is ${result === null ? 'null' : Array.isArray(result) ? 'an array' : shown(result)}; a result must be a JSON object`;
    return undefined;
  }
  const error = raw.error as Record<string, unknown> | null;
  if (error === null || typeof error !== 'object') return `its "error" is ${shown(error)}, not an object`;
  if (!Number.isInteger(error.code)) return `its error has no integer "code" (got ${shown(error.code)})`;
  if (typeof error.message !== 'string')
    return `its error has no string "message" (got ${shown(error.message)})`;
  return undefined;
}

/** The error a request gets when its response's envelope is broken. */
export function malformedResponseError(method: string, id: string | number, fault: string, message: unknown) {
  return new ProtocolViolationError(
    `the server's response to ${method} (id ${id}) breaks JSON-RPC 2.0: ${fault}; it sent ${shown(message)}`,
  );
}

/** The error a request gets when the only response that came back carries another id. */
export function wrongIdError(method: string, id: string | number, message: JSONRPCResponse) {
  return new ProtocolViolationError(
    `the server answered ${method} (id ${id}) with a response to id ${shown(message.id)}, which no request ` +
      `of ours carried: ${shown(message)}`,
  );
}

/** Pending requests by id, shared by both wires. */
export class PendingRequests {
  private readonly waiting = new Map<
    string | number,
    { method: string; resolve: (r: JSONRPCResponse) => void; reject: (error: Error) => void }
  >();
  private nextId = 1;

  /** Responses whose id no request waited for, most recent last (bounded). */
  private readonly strays: JSONRPCResponse[] = [];

  register(method: string, timeoutMs: number): { id: number; response: Promise<JSONRPCResponse> } {
    const id = this.nextId++;
    const response = new Promise<JSONRPCResponse>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        const stray = this.strays.at(-1);
        reject(
          stray === undefined
            ? new Error(
                `no response to ${method} (id ${id}) within ${timeoutMs} ms: the server sent nothing for it`,
              )
            : wrongIdError(method, id, stray),
        );
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

  /**
   * Settles the request a response answers (rejecting it when the envelope is broken); returns its
   * method, or undefined if none waited.
   */
  settle(message: JSONRPCResponse): string | undefined {
    const id = message.id;
    const entry = id === null || id === undefined ? undefined : this.waiting.get(id);
    if (entry === undefined || id === null || id === undefined) return undefined;
    this.waiting.delete(id);
    const fault = envelopeFault(message);
    if (fault === undefined) entry.resolve(message);
    else entry.reject(malformedResponseError(entry.method, id, fault, message));
    return entry.method;
  }

  /**
   * A response no request waited for. With exactly one request waiting it is that request's
   * answer under a wrong id, which the request fails with at once; otherwise it is kept, and a
   * request that times out names it.
   */
  stray(message: JSONRPCResponse): void {
    this.strays.push(message);
    if (this.strays.length > 20) this.strays.shift();
    if (this.waiting.size !== 1) return;
    const [only] = this.waiting;
    if (only === undefined) return;
    const [id, entry] = only;
    this.waiting.delete(id);
    // An error under id null is how JSON-RPC answers a request whose id could not be read (it
    // did not parse): with one request waiting, it is that request's answer.
    if (message.id === null && 'error' in message) entry.resolve(message);
    else entry.reject(wrongIdError(entry.method, id, message));
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

import { MODERN_PROTOCOL_VERSION, PROTOCOL_VERSION } from '../servers/fixtures.js';
import { type BenchClient, CLIENT_INFO, firstText, progressCounter } from './types.js';

// The raw clients' shared core: JSON-RPC correlation with no validation at all, over any
// "send one message" function (a pipe for stdio, a POST for HTTP).

export type Json = Record<string, any>;

interface Pending {
  resolve: (message: Json) => void;
  reject: (error: Error) => void;
  onNotification?: (message: Json) => void;
}

/** A JSON-RPC correlator over any "send one message" function, with no validation at all. */
export class RawCorrelator {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly byProgressToken = new Map<number, Pending>();

  /** `envelope`: the 2026-07-28 `_meta` every request carries (none for the 2025 wire). */
  constructor(
    private readonly sendMessage: (message: Json) => void,
    private readonly envelope?: Json,
  ) {}

  request(method: string, params: Json, onNotification?: (message: Json) => void): Promise<Json> {
    const id = this.nextId++;
    if (onNotification || this.envelope)
      params = { ...params, _meta: { ...this.envelope, ...(onNotification ? { progressToken: id } : {}) } };
    return new Promise((resolve, reject) => {
      const entry: Pending = { resolve, reject, onNotification };
      this.pending.set(id, entry);
      if (onNotification) this.byProgressToken.set(id, entry);
      this.sendMessage({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method: string, params?: Json): void {
    this.sendMessage({ jsonrpc: '2.0', method, ...(params ? { params } : {}) });
  }

  receive(message: Json): void {
    if (message.id === undefined) {
      const token = message.params?.progressToken;
      if (typeof token === 'number') this.byProgressToken.get(token)?.onNotification?.(message);
      return;
    }
    const entry = this.pending.get(message.id);
    if (!entry) return;
    this.pending.delete(message.id);
    this.byProgressToken.delete(message.id);
    if (message.error)
      entry.reject(new Error(`JSON-RPC error ${message.error.code}: ${message.error.message}`));
    else entry.resolve(message.result);
  }

  failAll(error: Error): void {
    for (const entry of this.pending.values()) entry.reject(error);
    this.pending.clear();
  }
}

/** The workloads' calls on top of a correlator. */
export function benchClientOver(
  rpc: Pick<RawCorrelator, 'request'>,
  close: () => Promise<void>,
): BenchClient {
  return {
    async echo(text) {
      return firstText(await rpc.request('tools/call', { name: 'echo', arguments: { text } }));
    },
    async big() {
      return firstText(await rpc.request('tools/call', { name: 'big', arguments: {} })).length;
    },
    async progress(count) {
      const counter = progressCounter();
      await rpc.request('tools/call', { name: 'progress', arguments: { count } }, counter.onprogress);
      return counter.delivered();
    },
    async listTools() {
      return (await rpc.request('tools/list', {})).tools.length;
    },
    close,
  };
}

export const initializeParams = {
  protocolVersion: PROTOCOL_VERSION,
  capabilities: {},
  clientInfo: CLIENT_INFO,
};

/** The per-request `_meta` of 2026-07-28, which replaces the initialize handshake. */
export const MODERN_ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': MODERN_PROTOCOL_VERSION,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
};

import {
  ErrorCode,
  type JSONObject,
  type JSONRPCErrorResponse,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type JSONRPCResponse,
  MetaKey,
  PROTOCOL_VERSIONS,
  STATEFUL_PROTOCOL_VERSIONS,
} from '@mcpkit/protocol';
import type { ClientLog } from './client-log.js';

/** What the mock server does besides answering plainly; each client scenario turns on one thing. */
export interface MockBehaviour {
  /** While answering the first tools/list, ask the client these (in order) and wait for answers. */
  askDuringToolsList?: readonly ('ping' | 'sampling' | 'elicitation' | 'roots' | 'unknown-method')[];
  /** Answer server/discover and 2026-07-28 requests (otherwise server/discover is unknown). */
  stateless2026?: boolean;
  /** HTTP: break the first tools/list stream after a priming event carrying this `retry:` (ms). */
  sseRetryMs?: number;
  /** Answer initialize with this revision whatever the client offered (version negotiation). */
  answerVersion?: string;
  /** 2026-07-28: the first call of add_numbers asks for the user's name (MRTR) before answering. */
  mrtr?: boolean;
  /** List first (and serve) a resource whose URI is not ASCII, so its Mcp-Name must be Base64. */
  nonAsciiResource?: boolean;
}

/** The resource `nonAsciiResource` lists first: its Mcp-Name cannot be sent as plain ASCII. */
export const NON_ASCII_RESOURCE = { uri: 'test://café/menü', name: 'menü', mimeType: 'text/plain' };
const STATIC_TEXT = { uri: 'test://static-text', name: 'static-text', mimeType: 'text/plain' };

/** Where the mock server's messages to the client go: a stdio pipe or an HTTP response stream. */
export interface Channel {
  send(message: JSONRPCMessage): void;
}

export const MOCK_SERVER_INFO = { name: 'mcpkit-conformance-mock', version: '0.0.0' };
/** How long the mock waits for the client to answer one of its requests. */
export const CLIENT_ANSWER_TIMEOUT_MS = 5_000;
/** The form the mock asks the client to fill in the elicitation scenario. */
export const ELICITATION_SCHEMA = {
  type: 'object',
  properties: { name: { type: 'string', description: 'Your name' } },
} as const;

const TOOLS = [
  {
    name: 'add_numbers',
    description: 'Adds two numbers.',
    inputSchema: {
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    },
  },
  {
    name: 'test_reconnection',
    description: 'Answers after the server broke the stream (SSE resumption).',
    inputSchema: { type: 'object', properties: {} },
  },
];

const ASK_PARAMS: Record<string, { method: string; params?: JSONObject }> = {
  ping: { method: 'ping' },
  sampling: {
    method: 'sampling/createMessage',
    params: { messages: [{ role: 'user', content: { type: 'text', text: 'Say hello.' } }], maxTokens: 100 },
  },
  elicitation: {
    method: 'elicitation/create',
    params: { mode: 'form', message: 'What is your name?', requestedSchema: ELICITATION_SCHEMA },
  },
  roots: { method: 'roots/list' },
  'unknown-method': { method: 'mcpkit-conformance/no-such-method', params: { probe: true } },
};

// 2026-07-28 requires cache hints on discover, list and read results.
const NO_CACHING = { ttlMs: 0, cacheScope: 'private' };
const CACHE_HINTS: Record<string, JSONObject | undefined> = {
  'server/discover': NO_CACHING,
  'tools/list': NO_CACHING,
  'resources/list': NO_CACHING,
  'resources/read': NO_CACHING,
};

/** The question the mock's add_numbers asks in the MRTR scenario, and its inputRequests key. */
export const MRTR_INPUT_KEY = 'user_name';
const MRTR_QUESTION = {
  method: 'elicitation/create',
  params: { mode: 'form', message: 'What is your name?', requestedSchema: ELICITATION_SCHEMA },
};

/** The method the mock asks about in the unknown-server-request scenario. */
export const UNKNOWN_SERVER_METHOD = 'mcpkit-conformance/no-such-method';

const CAPABILITY_OF: Record<string, string | undefined> = {
  ping: undefined,
  sampling: 'sampling',
  elicitation: 'elicitation',
  roots: 'roots',
  'unknown-method': undefined,
};

function metaOf(request: JSONRPCRequest): JSONObject | undefined {
  const meta = request.params?._meta;
  return typeof meta === 'object' && meta !== null ? (meta as JSONObject) : undefined;
}

/**
 * The transport-free part of the mock server a client is tested against: answers the client's
 * requests, asks the client questions, and records everything in the log.
 */
export class MockServerCore {
  #nextId = 1;
  readonly #pending = new Map<string | number, (response: JSONRPCResponse | undefined) => void>();
  #askedDuringToolsList = false;
  // Opaque to the client, which must echo it byte for byte; characters a careless client might re-encode.
  readonly #mrtrState = `state/${Math.random().toString(36).slice(2)}+= é`;
  /** Client capabilities from initialize or the latest 2026-07-28 `_meta`. */
  clientCapabilities: JSONObject = {};

  constructor(
    readonly behaviour: MockBehaviour,
    readonly log: ClientLog,
  ) {}

  /** A response from the client to one of the mock's requests. */
  receiveResponse(response: JSONRPCResponse): void {
    if (response.id === null) return;
    const resolve = this.#pending.get(response.id);
    this.#pending.delete(response.id);
    resolve?.(response);
  }

  /** Sends a request to the client and waits for its answer (undefined after the timeout). */
  async ask(channel: Channel, method: string, params?: JSONObject): Promise<JSONRPCResponse | undefined> {
    const id = `mock-${this.#nextId++}`;
    const request: JSONRPCRequest = { jsonrpc: '2.0', id, method, ...(params ? { params } : {}) };
    const answer = new Promise<JSONRPCResponse | undefined>((resolve) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        resolve(undefined);
      }, CLIENT_ANSWER_TIMEOUT_MS);
      this.#pending.set(id, (response) => {
        clearTimeout(timer);
        resolve(response);
      });
    });
    this.log.toClient(request);
    channel.send(request);
    return answer;
  }

  /** Whether the request speaks 2026-07-28 (its `_meta` names that revision). */
  isStateless(request: JSONRPCRequest): boolean {
    return request.method === 'server/discover' || metaOf(request)?.[MetaKey.ProtocolVersion] !== undefined;
  }

  /** Answers one client request; questions to the client go out on `channel` first. */
  async answer(request: JSONRPCRequest, channel: Channel): Promise<JSONRPCResponse> {
    const stateless = this.behaviour.stateless2026 === true && this.isStateless(request);
    if (stateless) {
      const meta = metaOf(request);
      if (meta?.[MetaKey.ProtocolVersion] !== '2026-07-28') {
        return this.#error(
          request,
          ErrorCode.InvalidParams,
          `Missing or unsupported params._meta["${MetaKey.ProtocolVersion}"]`,
        );
      }
      const capabilities = meta[MetaKey.ClientCapabilities];
      if (typeof capabilities !== 'object' || capabilities === null) {
        return this.#error(
          request,
          ErrorCode.InvalidParams,
          `Missing params._meta["${MetaKey.ClientCapabilities}"]`,
        );
      }
      this.clientCapabilities = capabilities as JSONObject;
    }
    const result = await this.#result(request, channel, stateless);
    if ('error' in result) return result;
    return {
      jsonrpc: '2.0',
      id: request.id,
      result: stateless
        ? { resultType: 'complete', ...CACHE_HINTS[request.method], ...result.ok }
        : result.ok,
    };
  }

  async #result(
    request: JSONRPCRequest,
    channel: Channel,
    stateless: boolean,
  ): Promise<{ ok: JSONObject } | JSONRPCErrorResponse> {
    const params = request.params ?? {};
    switch (request.method) {
      case 'initialize': {
        const offered = params.protocolVersion;
        const version =
          this.behaviour.answerVersion ??
          (typeof offered === 'string' && (STATEFUL_PROTOCOL_VERSIONS as readonly string[]).includes(offered)
            ? offered
            : '2025-11-25');
        this.log.negotiatedVersion = version;
        this.clientCapabilities = (params.capabilities as JSONObject | undefined) ?? {};
        return {
          ok: {
            protocolVersion: version,
            capabilities: { tools: {}, resources: {} },
            serverInfo: MOCK_SERVER_INFO,
          },
        };
      }
      case 'server/discover':
        if (!stateless)
          return this.#error(request, ErrorCode.MethodNotFound, 'Method not found: server/discover');
        this.log.negotiatedVersion = '2026-07-28';
        return {
          ok: {
            supportedVersions: [...PROTOCOL_VERSIONS],
            capabilities: { tools: {}, resources: {} },
            _meta: { [MetaKey.ServerInfo]: MOCK_SERVER_INFO },
          },
        };
      case 'ping':
        return { ok: {} };
      case 'tools/list':
        await this.#askDuringToolsList(channel);
        return { ok: { tools: TOOLS } };
      case 'tools/call':
        return this.#callTool(request, stateless);
      case 'resources/list':
        return {
          ok: {
            resources: this.behaviour.nonAsciiResource ? [NON_ASCII_RESOURCE, STATIC_TEXT] : [STATIC_TEXT],
          },
        };
      case 'resources/read':
        if (
          params.uri !== STATIC_TEXT.uri &&
          !(this.behaviour.nonAsciiResource && params.uri === NON_ASCII_RESOURCE.uri)
        ) {
          return this.#error(request, ErrorCode.InvalidParams, `Resource not found: ${String(params.uri)}`);
        }
        return {
          ok: { contents: [{ uri: String(params.uri), mimeType: 'text/plain', text: 'Static text.' }] },
        };
      default:
        return this.#error(request, ErrorCode.MethodNotFound, `Method not found: ${request.method}`);
    }
  }

  async #askDuringToolsList(channel: Channel): Promise<void> {
    if (this.#askedDuringToolsList) return;
    this.#askedDuringToolsList = true;
    for (const kind of this.behaviour.askDuringToolsList ?? []) {
      const capability = CAPABILITY_OF[kind];
      if (capability !== undefined && this.clientCapabilities[capability] === undefined) continue;
      const { method, params } = ASK_PARAMS[kind] ?? { method: kind };
      await this.ask(channel, method, params);
    }
  }

  #callTool(request: JSONRPCRequest, stateless: boolean): { ok: JSONObject } | JSONRPCErrorResponse {
    const name = request.params?.name;
    const args = (request.params?.arguments ?? {}) as JSONObject;
    if (name === 'add_numbers' && stateless && this.behaviour.mrtr === true) {
      const answered = (request.params?.inputResponses as JSONObject | undefined)?.[MRTR_INPUT_KEY];
      if (answered === undefined && this.clientCapabilities.elicitation !== undefined) {
        return {
          ok: {
            resultType: 'input_required',
            inputRequests: { [MRTR_INPUT_KEY]: MRTR_QUESTION },
            requestState: this.#mrtrState,
          },
        };
      }
    }
    if (name === 'add_numbers') {
      const sum = Number(args.a) + Number(args.b);
      return { ok: { content: [{ type: 'text', text: `The sum is ${sum}.` }] } };
    }
    if (name === 'test_reconnection') {
      return { ok: { content: [{ type: 'text', text: 'Reconnection test completed.' }] } };
    }
    return this.#error(request, ErrorCode.InvalidParams, `Unknown tool: ${String(name)}`);
  }

  #error(request: JSONRPCRequest, code: number, message: string): JSONRPCErrorResponse {
    return { jsonrpc: '2.0', id: request.id, error: { code, message } };
  }
}

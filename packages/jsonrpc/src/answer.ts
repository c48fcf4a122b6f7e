import type { JSONObject, JSONRPCRequest, JSONRPCResponse, RequestId } from '@mcpkit/protocol/essentials';
import { JsonRpcError, McpkitError, McpkitErrorCode, toErrorResponse } from './errors.js';
import type { RequestContext, RequestHandler } from './peer-types.js';
import { progressTokenOf } from './request-context.js';
import type { MessageExtra } from './transport.js';

// A request answered outside any connection. A stateless transport (one HTTP POST, one answer)
// hands its request to a RequestAnswerer (McpServer is one) instead of building a transport, a
// session and a peer for it that would live for that one request.

/** What a request answered without a connection may use while it runs. */
export interface AnswerChannel {
  /** Transport facts about the request (auth, headers, the declared protocol version). */
  readonly extra?: MessageExtra | undefined;
  /** Aborted when the client goes away before the answer. Read it only when needed: it may cost. */
  readonly signal: AbortSignal;
  /** Sends a notification related to the request (progress, log messages) ahead of its answer. */
  notify(method: string, params?: JSONObject): Promise<void>;
}

/** Answers one JSON-RPC request at a time, without a connection: what stateless transports call. */
export interface RequestAnswerer {
  answer(request: JSONRPCRequest, channel: AnswerChannel): Promise<JSONRPCResponse>;
}

/**
 * Answers `request` with `handler` as a JsonRpcPeer would (the same context, result check and
 * error responses), without a peer. Never rejects: a failure is an error response.
 */
export function answerRequest(
  request: JSONRPCRequest,
  handler: RequestHandler,
  channel: AnswerChannel,
): Promise<JSONRPCResponse> {
  const id = request.id;
  const context = new ChannelRequestContext(request, channel);
  let result: JSONObject | PromiseLike<JSONObject>;
  try {
    result = handler(request.params, context);
  } catch (error) {
    return Promise.resolve(toErrorResponse(id, error));
  }
  return Promise.resolve(result).then(
    (value) => resultResponse(id, request.method, value),
    (error: unknown) => toErrorResponse(id, error),
  );
}

/** The response carrying a handler's result: an object, or -32603 saying what came instead. */
export function resultResponse(id: RequestId, method: string, result: unknown): JSONRPCResponse {
  if (typeof result === 'object' && result !== null && !Array.isArray(result)) {
    return { jsonrpc: '2.0', id, result: result as JSONObject };
  }
  const got = result === null ? 'null' : Array.isArray(result) ? 'an array' : typeof result;
  const error = JsonRpcError.internalError(
    `Handler for '${method}' returned ${got}; expected a result object`,
  );
  return toErrorResponse(id, error);
}

/** The handler's context: notifications go to the channel; requests to the client cannot be sent. */
class ChannelRequestContext implements RequestContext {
  readonly requestId: RequestId;
  readonly method: string;
  readonly progressToken?: string | number;
  readonly extra?: MessageExtra;
  readonly #channel: AnswerChannel;

  constructor(request: JSONRPCRequest, channel: AnswerChannel) {
    this.#channel = channel;
    this.requestId = request.id;
    this.method = request.method;
    if (channel.extra !== undefined) this.extra = channel.extra;
    const token = progressTokenOf(request.params);
    if (token !== undefined) this.progressToken = token;
  }

  get signal(): AbortSignal {
    return this.#channel.signal;
  }

  sendNotification(method: string, params?: JSONObject): Promise<void> {
    return this.#channel.notify(method, params);
  }

  sendRequest(method: string): Promise<JSONObject> {
    return Promise.reject(
      new McpkitError(
        McpkitErrorCode.NotConnected,
        `Cannot send '${method}' while answering '${this.method}': this request is answered without a connection (a stateless transport), so no answer could come back`,
      ),
    );
  }
}

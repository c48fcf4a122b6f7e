import { JsonRpcPeer, type PeerOptions, type RequestOptions } from '@mcpkit/jsonrpc';
import type { JSONObject, RequestId } from '@mcpkit/protocol';
import { type ClientMiddlewareContext, type MiddlewareLayer, runMiddleware } from './middleware.js';

/**
 * The client's JSON-RPC peer: every outgoing request passes `McpClient.use`'s chain here, below
 * everything that makes requests (handshake, session renewal, the 2026-07-28 envelope and its
 * input_required retries) and above id allocation, timeouts and progress, so each wire request runs
 * the chain once. With no middleware the request goes straight to `JsonRpcPeer`.
 */
export class ClientPeer extends JsonRpcPeer {
  readonly #layers: () => readonly MiddlewareLayer[];
  readonly #context: (method: string, params: JSONObject | undefined) => ClientMiddlewareContext;

  /**
   * `layers` reads the client's middleware as it is now (replaced on each `use`, never changed in
   * place, so a request inside the chain keeps the layers it started with); `context` makes what
   * each middleware sees of a request (the session facts at that moment).
   */
  constructor(
    options: PeerOptions,
    layers: () => readonly MiddlewareLayer[],
    context: (method: string, params: JSONObject | undefined) => ClientMiddlewareContext,
  ) {
    super(options);
    this.#layers = layers;
    this.#context = context;
  }

  override request(method: string, params?: JSONObject, options?: RequestOptions): Promise<JSONObject> {
    const layers = this.#layers();
    if (layers.length === 0) return super.request(method, params, options);
    const ctx: { requestId?: RequestId } & ClientMiddlewareContext = this.#context(method, params);
    return runMiddleware(layers, ctx, (sent) => {
      const id = this.nextRequestId;
      const answer = super.request(method, sent, options);
      // An id was allocated unless the request failed before (not connected, already aborted).
      if (this.nextRequestId !== id) ctx.requestId = id;
      return answer;
    });
  }
}

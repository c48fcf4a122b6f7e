import type { JSONObject, JSONRPCResponse, RequestId } from '@mcpkit/protocol/essentials';
import { resultResponse } from './answer.js';
import { JsonRpcError, McpkitError, McpkitErrorCode, toErrorResponse } from './errors.js';
import { isThenable } from './peer-support.js';
import type { RequestHandler } from './peer-types.js';
import { type ContextOwner, IncomingRequestContext } from './request-context.js';
import type { MessageExtra } from './transport.js';

/** Sends a response for request `id` (the peer's transport, with `relatedRequestId` = id). */
export type ResponseSender = (response: JSONRPCResponse, id: RequestId) => void;

/**
 * The requests this peer is handling: runs handlers concurrently, answers each once, and drops
 * the answer of a request that was cancelled or whose connection closed meanwhile.
 */
/** Default bound on requests a connection handles at once. */
export const DEFAULT_MAX_IN_FLIGHT_REQUESTS = 1024;

export class IncomingRequests {
  readonly #byId = new Map<RequestId, IncomingRequestContext>();
  readonly #owner: ContextOwner;
  readonly #respond: ResponseSender;

  readonly #report: (error: Error) => void;
  readonly #maxInFlight: number;

  constructor(
    owner: ContextOwner,
    respond: ResponseSender,
    report: (error: Error) => void,
    maxInFlight = DEFAULT_MAX_IN_FLIGHT_REQUESTS,
  ) {
    this.#owner = owner;
    this.#respond = respond;
    this.#report = report;
    this.#maxInFlight = maxInFlight;
  }

  run(
    id: RequestId,
    method: string,
    params: JSONObject | undefined,
    extra: MessageExtra | undefined,
    handler: RequestHandler,
  ): void {
    const running = this.#byId.get(id);
    if (running !== undefined) {
      // JSON-RPC wants the answer to carry the request's id, so the requester may take it for the
      // answer to the running request: say plainly which is which, and tell this side's onerror.
      const error = JsonRpcError.invalidRequest(
        `Invalid request: id ${JSON.stringify(id)} is already in use by a '${running.method}' request in progress; this '${method}' request was not run`,
        { id },
      );
      this.#respond(toErrorResponse(id, error), id);
      this.#report(error);
      return;
    }
    if (this.#byId.size >= this.#maxInFlight) {
      const error = JsonRpcError.invalidRequest(
        `Invalid request: ${method} refused, ${this.#byId.size} requests are already in flight on this connection (maxInFlightRequests ${this.#maxInFlight}); retry when some finish`,
        { maxInFlightRequests: this.#maxInFlight },
      );
      this.#respond(toErrorResponse(id, error), id);
      return;
    }
    const context = new IncomingRequestContext(this.#owner, id, method, params, extra);
    let result: JSONObject | PromiseLike<JSONObject>;
    try {
      result = handler(params, context);
    } catch (error) {
      this.#respond(toErrorResponse(id, error), id);
      return;
    }
    // Answered at once (most handlers): nothing could cancel it or reuse its id meanwhile, so it
    // never enters the table, whose going from one entry to none reallocated it on every request.
    if (!isThenable(result)) {
      this.#respond(resultResponse(id, method, result), id);
      return;
    }
    this.#byId.set(id, context);
    // Promise.resolve is the identity for native promises and tames odd thenables.
    Promise.resolve(result).then(
      (value) => this.#succeed(context, value),
      (error: unknown) => this.#fail(context, error),
    );
  }

  /** Handles `notifications/cancelled`: aborts the handler's signal; its answer will be dropped. */
  cancel(params: JSONObject | undefined): void {
    const requestId = params?.requestId;
    if (typeof requestId !== 'string' && typeof requestId !== 'number') return;
    const context = this.#byId.get(requestId);
    if (context === undefined) return; // already answered: cancellation races are normal
    this.#byId.delete(requestId);
    const reason = typeof params?.reason === 'string' ? `: ${params.reason}` : '';
    context.abort(
      new McpkitError(
        McpkitErrorCode.RequestCancelled,
        `Request '${context.method}' (id ${requestId}) was cancelled by the peer${reason}`,
      ),
    );
  }

  /** The connection closed: abort every running handler. */
  abortAll(): void {
    const contexts = [...this.#byId.values()];
    this.#byId.clear();
    for (const context of contexts) {
      context.abort(
        new McpkitError(
          McpkitErrorCode.ConnectionClosed,
          `Connection closed while handling '${context.method}' (id ${context.requestId})`,
        ),
      );
    }
  }

  #succeed(context: IncomingRequestContext, result: unknown): void {
    if (!this.#release(context)) return;
    this.#respond(resultResponse(context.requestId, context.method, result), context.requestId);
  }

  #fail(context: IncomingRequestContext, error: unknown): void {
    if (!this.#release(context)) return;
    this.#respond(toErrorResponse(context.requestId, error), context.requestId);
  }

  /** Forgets a finished request; false when its answer must be dropped (cancelled or closed). */
  #release(context: IncomingRequestContext): boolean {
    if (context.finished) return false;
    context.finished = true;
    // Unfinished contexts are always the map's entry for their id (duplicates are refused).
    this.#byId.delete(context.requestId);
    return true;
  }
}

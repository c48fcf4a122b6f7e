import type { JSONObject, RequestId } from '@mcpkit/protocol/essentials';
import type { NotificationOptions, RequestContext, RequestOptions } from './peer-types.js';
import type { MessageExtra } from './transport.js';

/** What the context needs from its peer (kept narrow so the context stays a plain data holder). */
export interface ContextOwner {
  notify(method: string, params?: JSONObject, options?: NotificationOptions): Promise<void>;
  request(method: string, params?: JSONObject, options?: RequestOptions): Promise<JSONObject>;
}

/**
 * The context of one incoming request. The AbortController is created only when someone reads
 * `signal` or the request is cancelled: most handlers never look at it, and it is not free.
 */
export class IncomingRequestContext implements RequestContext {
  readonly requestId: RequestId;
  readonly method: string;
  readonly progressToken?: string | number;
  readonly extra?: MessageExtra;
  /** Set once the request was cancelled or the connection closed: its response must not be sent. */
  finished = false;
  #owner: ContextOwner;
  #controller: AbortController | undefined;

  constructor(
    owner: ContextOwner,
    requestId: RequestId,
    method: string,
    params: JSONObject | undefined,
    extra: MessageExtra | undefined,
  ) {
    this.#owner = owner;
    this.requestId = requestId;
    this.method = method;
    if (extra !== undefined) this.extra = extra;
    const token = progressTokenOf(params);
    if (token !== undefined) this.progressToken = token;
  }

  get signal(): AbortSignal {
    this.#controller ??= new AbortController();
    return this.#controller.signal;
  }

  /** Aborts the handler's signal; the handler's eventual result is dropped. */
  abort(reason: unknown): void {
    this.finished = true;
    this.#controller ??= new AbortController();
    this.#controller.abort(reason);
  }

  sendNotification(method: string, params?: JSONObject): Promise<void> {
    return this.#owner.notify(method, params, { relatedRequestId: this.requestId });
  }

  sendRequest(method: string, params?: JSONObject, options?: RequestOptions): Promise<JSONObject> {
    // Requests made on behalf of this one die with it unless the caller chose another signal.
    return this.#owner.request(method, params, {
      signal: this.signal,
      ...options,
      relatedRequestId: this.requestId,
    });
  }
}

/** The `_meta.progressToken` of a request's params, when it is a string or a number. */
export function progressTokenOf(params: JSONObject | undefined): string | number | undefined {
  const meta = params?._meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  const token = (meta as { progressToken?: unknown }).progressToken;
  return typeof token === 'string' || typeof token === 'number' ? token : undefined;
}

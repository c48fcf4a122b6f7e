import type { MessageExtra, Transport, TransportSendOptions } from '@mcpkit/jsonrpc';
import type {
  JSONObject,
  JSONRPCMessage,
  LoggingMessageNotificationParams,
  ProgressToken,
  RequestId,
} from '@mcpkit/protocol';

/** A request this client sent, as a progress notification refers to it. */
export interface RecordedRequest {
  readonly id: RequestId;
  readonly method: string;
  /** The tool or prompt name (`params.name`) or resource URI (`params.uri`) the request was about. */
  readonly target?: string;
}

/** One notification the client received, in arrival order. */
export interface RecordedNotification {
  readonly method: string;
  readonly params: JSONObject | undefined;
  /** For `notifications/progress`: the request it reports on (matched by its progress token). */
  readonly request?: RecordedRequest;
}

/** One `notifications/progress`, with the request it belongs to. */
export interface RecordedProgress {
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
  readonly request?: RecordedRequest;
}

/** What `waitFor` looks for: a notification method, or a predicate on recorded notifications. */
export type NotificationMatch = string | ((notification: RecordedNotification) => boolean);

/** Options of `NotificationRecorder.waitFor`. */
export interface WaitForOptions {
  /** How long to wait before failing (default 5 000 ms: generous, for loaded CI machines). */
  timeoutMs?: number;
  /** Names what was awaited in the timeout error (default: the method, or the predicate's name). */
  description?: string;
}

interface Waiter {
  readonly matches: (notification: RecordedNotification) => boolean;
  readonly resolve: (notification: RecordedNotification) => void;
  readonly reject: (error: Error) => void;
}

const LIST_CHANGED = /^notifications\/(tools|resources|prompts)\/list_changed$/;

/**
 * Records every notification a client receives (progress, log messages, list_changed, resource
 * updates, anything else) by wrapping the client's transport, so tests can assert on them or wait
 * for one. Needs no test runner: `waitFor` is a plain promise with a timeout.
 */
export class NotificationRecorder {
  readonly #received: RecordedNotification[] = [];
  readonly #waiters = new Set<Waiter>();
  /** Progress tokens of the requests this client sent, so progress finds its request. */
  readonly #requestsByToken = new Map<ProgressToken, RecordedRequest>();

  /** Every notification received so far, oldest first. */
  get all(): readonly RecordedNotification[] {
    return this.#received;
  }

  /** The notifications of one method, oldest first. */
  ofMethod(method: string): RecordedNotification[] {
    return this.#received.filter((notification) => notification.method === method);
  }

  /**
   * Progress notifications, oldest first; with `target`, only those of requests about that tool,
   * prompt or resource URI (or of that method, e.g. `resources/read`).
   */
  progress(target?: string): RecordedProgress[] {
    return this.ofMethod('notifications/progress')
      .filter((n) => target === undefined || n.request?.target === target || n.request?.method === target)
      .map(({ params, request }) => {
        const { progress, total, message } = (params ?? {}) as Partial<RecordedProgress>;
        return {
          progress: progress as number,
          ...(total === undefined ? {} : { total }),
          ...(message === undefined ? {} : { message }),
          ...(request === undefined ? {} : { request }),
        };
      });
  }

  /** The params of every `notifications/message` (log entries), oldest first. */
  logs(): LoggingMessageNotificationParams[] {
    return this.ofMethod('notifications/message').map(
      (n) => (n.params ?? {}) as LoggingMessageNotificationParams,
    );
  }

  /** Which lists the server said changed (`tools`, `resources`, `prompts`), in order. */
  listChanged(): string[] {
    return this.#received.flatMap((n) => LIST_CHANGED.exec(n.method)?.slice(1, 2) ?? []);
  }

  /** The URIs of every `notifications/resources/updated`, in order. */
  resourceUpdates(): string[] {
    return this.ofMethod('notifications/resources/updated').map((n) => String(n.params?.uri));
  }

  /** Forgets what was recorded so far (waiters keep waiting). */
  clear(): void {
    this.#received.length = 0;
  }

  /**
   * Resolves with the first recorded notification that matches (one already received counts), or
   * rejects after `timeoutMs` with an error naming what was awaited and what arrived instead.
   */
  waitFor(match: NotificationMatch, options: WaitForOptions = {}): Promise<RecordedNotification> {
    const matches = typeof match === 'string' ? (n: RecordedNotification) => n.method === match : match;
    const seen = this.#received.find(matches);
    if (seen !== undefined) return Promise.resolve(seen);
    const timeoutMs = options.timeoutMs ?? 5_000;
    const description =
      options.description ??
      (typeof match === 'string'
        ? `a '${match}' notification`
        : match.name
          ? `a notification matching ${match.name}`
          : 'a notification matching the predicate');
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters.delete(waiter);
        reject(
          new Error(
            `waitFor timed out after ${timeoutMs} ms waiting for ${description}; received ${this.#summary()}`,
          ),
        );
      }, timeoutMs);
      const waiter: Waiter = {
        matches,
        resolve: (notification) => {
          clearTimeout(timer);
          resolve(notification);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(new Error(`waitFor(${description}): ${error.message}`, { cause: error }));
        },
      };
      this.#waiters.add(waiter);
    });
  }

  /**
   * Wraps a client-side transport: notifications it delivers are recorded (then passed on), and the
   * progress tokens of the requests sent through it are kept to attribute progress.
   */
  wrap(transport: Transport): Transport {
    return new RecordingTransport(transport, {
      outgoing: (message) => this.#noteOutgoing(message),
      incoming: (message) => this.#noteIncoming(message),
      closed: () => this.#connectionClosed(),
    });
  }

  #noteOutgoing(message: JSONRPCMessage): void {
    if (!('method' in message) || !('id' in message)) return;
    const params = message.params as JSONObject | undefined;
    const token = (params?._meta as JSONObject | undefined)?.progressToken as ProgressToken | undefined;
    if (token === undefined) return;
    const target = params?.name ?? params?.uri;
    this.#requestsByToken.set(token, {
      id: message.id,
      method: message.method,
      ...(typeof target === 'string' ? { target } : {}),
    });
  }

  #noteIncoming(message: JSONRPCMessage): void {
    if (!('method' in message) || 'id' in message) return;
    const params = message.params as JSONObject | undefined;
    const request =
      message.method === 'notifications/progress'
        ? this.#requestsByToken.get(params?.progressToken as ProgressToken)
        : undefined;
    const notification: RecordedNotification = {
      method: message.method,
      params,
      ...(request === undefined ? {} : { request }),
    };
    this.#received.push(notification);
    for (const waiter of this.#waiters) {
      if (!waiter.matches(notification)) continue;
      this.#waiters.delete(waiter);
      waiter.resolve(notification);
    }
  }

  /** Fails every pending `waitFor`: nothing more can arrive. */
  #connectionClosed(): void {
    for (const waiter of this.#waiters) waiter.reject(new Error('the connection closed first'));
    this.#waiters.clear();
  }

  #summary(): string {
    if (this.#received.length === 0) return 'no notification';
    const methods = this.#received.map((n) => n.method);
    return `${methods.length} notification(s): ${methods.join(', ')}`;
  }
}

interface RecordingHooks {
  outgoing(message: JSONRPCMessage): void;
  incoming(message: JSONRPCMessage): void;
  closed(): void;
}

/** Passes everything through, telling the recorder what went by. */
class RecordingTransport implements Transport {
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtra) => void;
  onclose?: (reason?: Error) => void;
  onerror?: (error: Error) => void;

  constructor(
    private readonly inner: Transport,
    private readonly hooks: RecordingHooks,
  ) {
    inner.onmessage = (message, extra) => {
      hooks.incoming(message);
      this.onmessage?.(message, extra);
    };
    inner.onclose = (reason) => {
      hooks.closed();
      this.onclose?.(reason);
    };
    inner.onerror = (error) => this.onerror?.(error);
  }

  // The optional members are forwarded, so wrapping an HTTP or stdio transport changes nothing else.
  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  get legacyPeersMayStaySilent(): boolean | undefined {
    return this.inner.legacyPeersMayStaySilent;
  }

  /** What the client's negotiation cache keys a server by (HTTP transports have `url`). */
  get serverKey(): unknown {
    return (this.inner as { serverKey?: unknown }).serverKey;
  }

  get url(): unknown {
    return (this.inner as { url?: unknown }).url;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.hooks.outgoing(message);
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

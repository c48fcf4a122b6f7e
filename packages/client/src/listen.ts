import type { SubscriptionFilter } from '@mcpkit/protocol';
import { McpClientError, McpClientErrorCode } from './errors.js';
import type { ListKind } from './list-changed.js';
import { asError } from './subscriptions.js';

type OpenStream = (filter: SubscriptionFilter, signal: AbortSignal) => Promise<unknown>;

interface OpenListen {
  key: string;
  controller: AbortController;
  acknowledged: Promise<void>;
  acknowledge: () => void;
}

/**
 * The one `subscriptions/listen` stream a 2026-07-28 client keeps open. Whenever the wanted
 * notifications change, the old stream is cancelled and a new one opened with the new filter;
 * the notifications themselves arrive like any other and are routed by method.
 */
export class ListenStream {
  #current: OpenListen | undefined;

  readonly #open: OpenStream;
  readonly #onerror: (error: Error) => void;

  constructor(open: OpenStream, onerror: (error: Error) => void) {
    this.#open = open;
    this.#onerror = onerror;
  }

  /**
   * Makes the open stream match `filter` (from `listenFilter`, which sets only the keys it asks for;
   * an empty filter closes the stream). Resolves when the server
   * acknowledged the stream; rejects if the stream fails before that.
   */
  update(filter: SubscriptionFilter): Promise<void> {
    const key = JSON.stringify(filter);
    if (this.#current?.key === key) return this.#current.acknowledged;
    this.stop();
    if (key === '{}') return Promise.resolve();
    const controller = new AbortController();
    let acknowledge!: () => void;
    let fail!: (error: Error) => void;
    const acknowledged = new Promise<void>((resolve, reject) => {
      acknowledge = resolve;
      fail = reject;
    });
    // Nobody may be waiting for the acknowledgement; a failure is still reported below.
    acknowledged.catch(() => {});
    const listen: OpenListen = { key, controller, acknowledged, acknowledge };
    this.#current = listen;
    this.#open(filter, controller.signal).then(
      () => this.#ended(listen, fail, undefined),
      (error: unknown) => this.#ended(listen, fail, error),
    );
    return acknowledged;
  }

  /** The server sent `notifications/subscriptions/acknowledged` (for the newest stream). */
  acknowledged(): void {
    this.#current?.acknowledge();
  }

  stop(): void {
    const current = this.#current;
    this.#current = undefined;
    current?.controller.abort(new Error('the subscription filter changed'));
  }

  #ended(listen: OpenListen, fail: (error: Error) => void, error: unknown): void {
    if (listen.controller.signal.aborted) return; // we cancelled it on purpose
    if (this.#current === listen) this.#current = undefined;
    const failure =
      error === undefined
        ? new McpClientError(
            McpClientErrorCode.SubscriptionEnded,
            'The server ended the subscriptions/listen stream',
          )
        : asError(error, 'subscriptions/listen failed');
    fail(failure);
    this.#onerror(failure);
  }
}

/** The notifications to ask for: list changes someone watches, and the subscribed resource URIs. */
export function listenFilter(
  watching: Partial<Record<ListKind, unknown>>,
  uris: string[],
): SubscriptionFilter {
  const filter: SubscriptionFilter = {};
  if (watching.tools) filter.toolsListChanged = true;
  if (watching.prompts) filter.promptsListChanged = true;
  if (watching.resources) filter.resourcesListChanged = true;
  if (uris.length > 0) filter.resourceSubscriptions = uris;
  return filter;
}

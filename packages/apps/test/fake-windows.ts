// Two fake windows that talk through postMessage the way browsers do: the message is cloned,
// delivered later (a macrotask) as a `message` event whose `source` is the sending window and whose
// `origin` is the sender's origin, and dropped when the receiver's origin is not `targetOrigin`.
// Lets the app side (and a JsonRpcPeer playing the host) run in node.
import type { PostMessageEvent } from '../src/app/post-message-transport.js';

type Listener = (event: PostMessageEvent) => void;

export class FakeWindow {
  readonly origin: string;
  other: FakeWindow | undefined;
  /** Messages posted to this window, as sent. */
  readonly posted: unknown[] = [];
  readonly #listeners = new Set<Listener>();

  constructor(origin: string) {
    this.origin = origin;
  }

  /** How many `message` listeners are registered on this window. */
  get listeners(): number {
    return this.#listeners.size;
  }

  addEventListener(_type: 'message', listener: Listener): void {
    this.#listeners.add(listener);
  }

  removeEventListener(_type: 'message', listener: Listener): void {
    this.#listeners.delete(listener);
  }

  /**
   * `thisWindow.postMessage(data, targetOrigin)` as a browser runs it: delivered to this window,
   * sent by the other window of the pair.
   */
  postMessage(data: unknown, targetOrigin: string): void {
    this.posted.push(data);
    const sender = this.other;
    if (sender === undefined) throw new Error('FakeWindow: no window posts to this one');
    if (targetOrigin !== '*' && targetOrigin !== this.origin) return;
    const copy = structuredClone(data);
    setTimeout(() => this.receiveFrom(sender, sender.origin, copy), 0);
  }

  /** Delivers a `message` event to this window's listeners now, as if `source` had posted `data`. */
  receiveFrom(source: unknown, origin: string, data: unknown): void {
    for (const listener of [...this.#listeners]) listener({ data, origin, source });
  }
}

/** A host window and the app's iframe window, each posting to the other. */
export function fakeWindowPair(hostOrigin = 'https://host.example', appOrigin = 'null') {
  const host = new FakeWindow(hostOrigin);
  const app = new FakeWindow(appOrigin);
  host.other = app;
  app.other = host;
  return { host, app };
}

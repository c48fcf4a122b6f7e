import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BodyRefusal, HttpExchange } from '../exchange.js';
import { rejection } from '../http-errors.js';
import { bodyTooLarge } from '../request-checks.js';
import { decodeUtf8 } from '../web-body.js';
import type { FrameworkRequest } from './fetch-adapter.js';

const NO_BYTES = new Uint8Array(0);

/** The last request target that was a plain path without query (its own path): most are the same. */
let lastPlainTarget: string | undefined;

/**
 * A node:http request as the handler's exchange, straight from `IncomingMessage`: headers are
 * read from `req.headers`, the URL is built only when asked for, the body is read from the stream
 * (or taken from a framework's body parser), and the client going away is `res`'s 'close'.
 */
export class NodeExchange implements HttpExchange {
  readonly #req: FrameworkRequest;
  readonly #res: ServerResponse;
  readonly #parsedBody: unknown;
  #path: string | undefined;
  #url: string | undefined;
  #headers: Headers | undefined;
  /** The body was refused before it was all read: the connection cannot be reused. */
  bodyCut = false;

  constructor(req: IncomingMessage, res: ServerResponse, parsedBody: unknown) {
    this.#req = req as FrameworkRequest;
    this.#res = res;
    this.#parsedBody = parsedBody ?? this.#req.body;
  }

  get method(): string {
    return this.#req.method ?? 'GET';
  }

  /** The request target as the client sent it (before a mounted router stripped its prefix). */
  get #target(): string {
    return this.#req.originalUrl ?? this.#req.url ?? '/';
  }

  get path(): string {
    if (this.#path === undefined) {
      const target = this.#target;
      // Clients send the same target on every request: the last one's path is the answer.
      if (target === lastPlainTarget) {
        this.#path = target;
        return target;
      }
      const query = target.indexOf('?');
      const path = query === -1 ? target : target.slice(0, query);
      // Only a target that is not a plain origin-form path needs the URL parser to normalize it.
      if (path.startsWith('/') && !/[%.\\#]/.test(path)) {
        if (query === -1) lastPlainTarget = target;
        this.#path = path;
      } else {
        this.#path = new URL(this.url).pathname;
      }
    }
    return this.#path;
  }

  get url(): string {
    if (this.#url === undefined) {
      const scheme = (this.#req.socket as { encrypted?: boolean } | null)?.encrypted ? 'https' : 'http';
      const host = this.#req.headers.host;
      // The adapter refused a malformed Host before; HTTP/1.0 may send none.
      const base = `${scheme}://${host ?? 'localhost'}`;
      const target = this.#target;
      this.#url = URL.canParse(target, base) ? new URL(target, base).href : `${base}/`;
    }
    return this.#url;
  }

  get remoteAddress(): string | undefined {
    return this.#req.socket?.remoteAddress;
  }

  get aborted(): boolean {
    const res = this.#res;
    return !res.writableFinished && (res.destroyed || this.#req.socket?.destroyed === true);
  }

  header(name: string): string | undefined {
    const value = this.#req.headers[name];
    return typeof value === 'string' || value === undefined ? value : value.join(', ');
  }

  headerNames(): Iterable<string> {
    return Object.keys(this.#req.headers);
  }

  webHeaders(): Headers {
    if (!this.#headers) {
      const headers = new Headers();
      const raw = this.#req.rawHeaders;
      for (let i = 0; i + 1 < raw.length; i += 2) {
        // HTTP/2 pseudo-headers (:path, :authority) are not valid Fetch header names.
        if (!raw[i]!.startsWith(':')) headers.append(raw[i]!, raw[i + 1]!);
      }
      this.#headers = headers;
    }
    return this.#headers;
  }

  onAbort(listener: () => void): void {
    if (this.aborted) {
      queueMicrotask(listener);
      return;
    }
    const res = this.#res;
    res.once('close', () => {
      if (!res.writableFinished) listener();
    });
  }

  readText(limit: number): Promise<string | BodyRefusal> {
    const parsed = this.#parsedBody;
    if (parsed !== undefined) return Promise.resolve(parsedText(parsed, limit));
    const declared = this.#req.headers['content-length'];
    if (declared !== undefined && Number(declared) > limit) {
      this.bodyCut = true;
      return Promise.resolve(bodyTooLarge(limit));
    }
    return this.#readStream(limit);
  }

  #readStream(limit: number): Promise<string | BodyRefusal> {
    const req = this.#req;
    // Consumed by middleware that kept nothing: there is no body left to read.
    if (req.readableEnded) return Promise.resolve('');
    return new Promise((resolve) => {
      // Most bodies come in one chunk: the array is made only for a second one.
      let first: Buffer | undefined;
      let chunks: Buffer[] | undefined;
      let total = 0;
      const onData = (chunk: Buffer) => {
        total += chunk.length;
        if (total > limit) {
          // Stop reading: a huge or endless body never sits in memory, and the connection closes after the 413.
          this.bodyCut = true;
          req.off('data', onData);
          req.off('end', onEnd);
          resolve(bodyTooLarge(limit));
          return;
        }
        if (first === undefined) first = chunk;
        else if (chunks === undefined) chunks = [first, chunk];
        else chunks.push(chunk);
      };
      // Once the body ended (or the client went away) no event of these comes again: the listeners
      // stay, as removing them costs each request four deletes that turn `req._events` into a dictionary.
      const onEnd = () => {
        const bytes = chunks === undefined ? (first ?? NO_BYTES) : Buffer.concat(chunks, total);
        resolve(decodeUtf8(bytes));
      };
      const onGone = () =>
        resolve({
          refused: rejection(
            400,
            'Bad Request: the client closed the connection before the body was complete',
          ),
        });
      req.on('data', onData);
      req.on('end', onEnd);
      req.on('error', onGone);
      req.on('aborted', onGone);
    });
  }
}

/** A body a framework already parsed: text and bytes as they are, anything else re-encoded as JSON. */
function parsedText(body: unknown, limit: number): string | BodyRefusal {
  if (body instanceof Uint8Array) return body.byteLength > limit ? bodyTooLarge(limit) : decodeUtf8(body);
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return Buffer.byteLength(text) > limit ? bodyTooLarge(limit) : text;
}

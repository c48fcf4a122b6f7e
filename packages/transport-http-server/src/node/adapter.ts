import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HandlerCore } from '../core.js';
import type { Reply, SseSource } from '../exchange.js';
import { HANDLER_CORE } from '../handler.js';
import { rejection } from '../http-errors.js';
import { NodeExchange } from './exchange.js';
import { type FetchHandler, serveFetch } from './fetch-adapter.js';
import { malformedHostReason } from './host-header.js';

export type { FetchHandler } from './fetch-adapter.js';

/** Options of the node:http adapter: where failures while writing a response are reported. */
export interface NodeHandlerOptions {
  /** Failures while writing a response (the client is usually gone by then). */
  onerror?: (error: Error) => void;
}

/**
 * A node:http request handler. `body` is what a framework's body parser already read, when the
 * request stream is consumed (Fastify's `request.body`, Koa's `ctx.request.body`); Express's
 * `req.body` is found without it.
 */
export type NodeRequestHandler = (req: IncomingMessage, res: ServerResponse, body?: unknown) => Promise<void>;

/**
 * Serves a handler on node:http (and so on Express, Fastify's `request.raw`/`reply.raw`, Koa's
 * `ctx.req`/`ctx.res`). A handler from `createStreamableHttpHandler` is driven directly: no Web
 * `Request`, `Headers`, `URL` or `Response` per request; JSON goes out as one `res.end`, SSE events
 * are written to the socket as they come, waiting for 'drain' when the client reads slowly. Any
 * other fetch handler gets a Web Request and its Response is written back.
 */
export function toNodeHandler(handler: FetchHandler, options: NodeHandlerOptions = {}): NodeRequestHandler {
  const onerror = options.onerror ?? (() => undefined);
  const core = (handler as { [HANDLER_CORE]?: HandlerCore })[HANDLER_CORE];
  if (!core) return (req, res, body) => serveFetch(handler, req, res, body, onerror);
  // Clients send the same Host on every request: the last one found well-formed needs no new check.
  let wellFormedHost: string | undefined;
  const failed = (error: unknown): Reply => {
    onerror(asError(error));
    return rejection(500, `Internal Server Error: ${asError(error).message}`);
  };
  // Not async: one `then` per request, where an async function would cost a frame and a promise more.
  return (req, res, body) => {
    const exchange = new NodeExchange(req, res, body);
    let replied: Promise<Reply> | Reply;
    try {
      const host = req.headers.host;
      const badHost = host === wellFormedHost ? undefined : malformedHostReason(host);
      if (badHost === undefined) {
        wellFormedHost = host;
        replied = core.handle(exchange, exchange);
      } else {
        replied = rejection(400, `Bad Request: ${badHost}`);
      }
    } catch (error) {
      replied = failed(error);
    }
    if (!(replied instanceof Promise)) return sendReply(replied, exchange, res, onerror) ?? DONE;
    return replied.then(
      (reply) => sendReply(reply, exchange, res, onerror),
      (error: unknown) => sendReply(failed(error), exchange, res, onerror),
    );
  };
}

const DONE: Promise<void> = Promise.resolve();

/** Writes `reply` (see writeReply); a failure to write goes to `onerror` and cuts the connection. */
function sendReply(
  reply: Reply,
  exchange: NodeExchange,
  res: ServerResponse,
  onerror: (error: Error) => void,
): Promise<void> | undefined {
  try {
    // A JSON reply is written at once: awaiting nothing would still cost a microtask turn.
    return writeReply(reply, exchange, res);
  } catch (error) {
    onerror(asError(error));
    res.destroy();
    return undefined;
  }
}

/** Writes `reply`; for a stream, resolves when the response is over (so `serve().close()` can let it finish). */
function writeReply(reply: Reply, exchange: NodeExchange, res: ServerResponse): Promise<void> | undefined {
  const { stream } = reply;
  if (stream) return writeStream(reply, stream, exchange, res);
  // A reply owns its headers object, so it is completed in place.
  const headers = reply.headers;
  const body = reply.body;
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  // The rest of a refused body is still coming: only closing the connection stops it.
  if (exchange.bodyCut) headers.connection = 'close';
  if (exchange.aborted) return undefined;
  res.writeHead(reply.status, headers);
  res.end(body);
  return undefined;
}

/** An SSE response: its head at once (the client waits for it), then each event as it is written. */
function writeStream(
  reply: Reply,
  stream: SseSource,
  exchange: NodeExchange,
  res: ServerResponse,
): Promise<void> | undefined {
  if (exchange.aborted) {
    stream.lost();
    return undefined;
  }
  const over = new Promise<void>((resolve) => res.once('close', resolve));
  res.writeHead(reply.status, reply.headers);
  res.flushHeaders();
  res.on('drain', () => stream.ready());
  res.once('close', () => {
    if (!res.writableFinished) stream.lost();
  });
  stream.attach({
    write: (chunk) => res.write(chunk),
    end: () => res.end(),
    // A response that cannot complete (a client that stopped reading hit its buffer bound) loses its connection.
    destroy: () => res.destroy(),
  });
  return over;
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

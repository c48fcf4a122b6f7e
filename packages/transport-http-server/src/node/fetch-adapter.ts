import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { malformedHostReason } from './host-header.js';

/** A fetch handler; the adapter passes the socket's address as the second argument. */
export type FetchHandler = (
  request: Request,
  connection?: { remoteAddress?: string | undefined },
) => Promise<Response>;

/** An IncomingMessage as frameworks hand it over: Express adds `originalUrl` and, after a body parser, `body`. */
export type FrameworkRequest = IncomingMessage & { originalUrl?: string; body?: unknown };

// Serves any fetch handler (one not made by createStreamableHttpHandler) on node:http by building
// a Web Request per request and writing the Response back. The MCP handler takes the direct path
// of adapter.ts instead.

/** Drives `handler` with a Web Request built from `req`, writing its Response to `res`. */
export async function serveFetch(
  handler: FetchHandler,
  req: FrameworkRequest,
  res: ServerResponse,
  body: unknown,
  onerror: (error: Error) => void,
): Promise<void> {
  const abort = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) abort.abort(new Error('The client closed the connection'));
  });
  let response: Response;
  try {
    const badHost = malformedHostReason(req.headers.host);
    response =
      badHost === undefined
        ? await handler(toWebRequest(req, body, abort.signal), { remoteAddress: req.socket.remoteAddress })
        : errorResponse(400, `Bad Request: ${badHost}`, -32600);
  } catch (error) {
    onerror(asError(error));
    response = errorResponse(500, `Internal Server Error: ${asError(error).message}`, -32603);
  }
  await writeWebResponse(response, res, abort.signal, onerror).catch((error: unknown) =>
    onerror(asError(error)),
  );
}

function errorResponse(status: number, message: string, code: number): Response {
  return Response.json({ jsonrpc: '2.0', id: null, error: { code, message } }, { status });
}

function toWebRequest(req: FrameworkRequest, parsedBody: unknown, signal: AbortSignal): Request {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    // HTTP/2 pseudo-headers (:path, :authority) are not valid Fetch header names.
    if (!name.startsWith(':')) headers.append(name, req.rawHeaders[i + 1]!);
  }
  const scheme = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  const path = req.originalUrl ?? req.url ?? '/';
  const host = req.headers.host ?? 'localhost';
  // A hostile Host header must not crash the adapter; the handler validates Host from the headers itself.
  const base = URL.canParse(`${scheme}://${host}`) ? `${scheme}://${host}` : `${scheme}://localhost`;
  const url = URL.canParse(path, base) ? new URL(path, base) : new URL('/', base);
  const method = req.method ?? 'GET';
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal };
  if (method !== 'GET' && method !== 'HEAD') {
    const body = parsedBody ?? req.body;
    if (body !== undefined) {
      // A framework body parser already consumed the stream.
      init.body =
        typeof body === 'string' || body instanceof Uint8Array
          ? (body as string | Uint8Array<ArrayBuffer>)
          : JSON.stringify(body);
      headers.delete('content-length');
    } else {
      init.body = Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>;
      init.duplex = 'half';
    }
  }
  return new Request(url, init);
}

async function writeWebResponse(
  response: Response,
  res: ServerResponse,
  signal: AbortSignal,
  onerror: (error: Error) => void,
): Promise<void> {
  if (signal.aborted) {
    // The client left while the handler was deciding; tell the body's producer nobody is reading.
    await response.body?.cancel(signal.reason);
    return;
  }
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  let headWritten = false;
  const writeHead = () => {
    headWritten = true;
    if (response.statusText) res.writeHead(response.status, response.statusText, headers);
    else res.writeHead(response.status, headers);
  };
  if (!response.body) {
    writeHead();
    res.end();
    return;
  }
  const streaming = isEventStream(response);
  if (streaming) {
    // Send the headers now: an SSE client waits for them before its first event arrives.
    writeHead();
    res.flushHeaders();
  }
  const reader = response.body.getReader();
  const cancel = () => void reader.cancel(signal.reason).catch((error: unknown) => onerror(asError(error)));
  signal.addEventListener('abort', cancel, { once: true });
  try {
    // A finite (JSON) body that arrives as one chunk goes out with its headers in one write, with
    // its length, instead of headers, a chunk and a terminator apart: most of the cost of a small
    // response. Its first chunk is held until the next read tells whether more follow.
    let held: Uint8Array | undefined;
    for (;;) {
      const { done, value } = await reader.read().catch((error: unknown) => {
        // The body failed mid-response (e.g. an SSE client that stopped reading hit its buffer bound):
        // the response cannot be completed, so the connection goes, and with it what it held.
        res.destroy();
        throw error;
      });
      if (signal.aborted) return;
      if (done) break;
      if (!headWritten && held === undefined) {
        held = value;
        continue;
      }
      if (held !== undefined) {
        writeHead();
        res.write(held);
        held = undefined;
      }
      if (!res.write(value)) await drained(res);
      if (signal.aborted) return;
    }
    if (held !== undefined) headers['content-length'] = String(held.byteLength);
    if (!headWritten) writeHead();
    res.end(held);
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

function isEventStream(response: Response): boolean {
  return response.headers.get('content-type')?.toLowerCase().startsWith('text/event-stream') ?? false;
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

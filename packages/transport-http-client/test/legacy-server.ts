// Test-only: a minimal 2024-11-05 HTTP+SSE server (GET /sse + POST /messages) on 127.0.0.1.
import type { ServerResponse } from 'node:http';
import { json, openSse, result, sseEvent, startServer, type TestServer } from './http-server.js';

export interface LegacyServerOptions {
  /** What the endpoint event says (default: /messages?sessionId=abc). */
  endpoint?: string | null;
  /** Status for POSTs to the SSE URL itself (what a Streamable HTTP probe gets; default 405). */
  probeStatus?: number;
  /** End the SSE stream right after announcing the endpoint. */
  endAfterEndpoint?: boolean;
  /** Answer 401 with a Bearer challenge to requests whose Authorization header differs. */
  authorization?: string;
}

export interface LegacyServer extends TestServer {
  sseUrl: string;
  streams: ServerResponse[];
}

export async function startLegacyServer(options: LegacyServerOptions = {}): Promise<LegacyServer> {
  const streams: ServerResponse[] = [];
  const server = await startServer((req, res, recorded) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (options.authorization !== undefined && req.headers.authorization !== options.authorization) {
      res.writeHead(401, { 'www-authenticate': 'Bearer error="invalid_token"' }).end();
      return;
    }
    if (path === '/sse' && req.method === 'GET') {
      openSse(res);
      streams.push(res);
      if (options.endpoint !== null) {
        sseEvent(res, { event: 'endpoint', data: options.endpoint ?? '/messages?sessionId=abc' });
      }
      if (options.endAfterEndpoint) res.end();
      return;
    }
    if (path === '/sse') return json(res, { error: 'use GET' }, {}, options.probeStatus ?? 405);
    if (path === '/messages' && req.method === 'POST') {
      res.writeHead(202, { 'content-type': 'text/plain' }).end('Accepted');
      const message = recorded.json as { id?: number; method?: string };
      const stream = streams.at(-1);
      if (message.id !== undefined && stream) {
        const answer =
          message.method === 'initialize'
            ? { protocolVersion: '2024-11-05', capabilities: {} }
            : { echoed: message.method };
        sseEvent(stream, { event: 'message', data: result(message.id, answer) });
      }
      return;
    }
    res.writeHead(404).end();
  });
  return { ...server, sseUrl: server.url.replace(/\/mcp$/, '/sse'), streams };
}

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type HttpServerOptions,
  isMainModule,
  listenOnLoopback,
  type RunningHttpServer,
  readBody,
  runHttpServerMain,
} from './http-host.js';
import { type Emit, handleRawMessage } from './raw-handler.js';

// Raw node:http baseline: Streamable HTTP's POST path with plain JSON, a Map of sessions, no SDK.

interface RawSession {
  protocolVersion: string;
  clientInfo: unknown;
  createdAt: number;
}

/**
 * What answers one parsed message (the raw handler); the otel HTTP floor (otel/http-floor-server.ts)
 * passes the same handler wrapped in exactly the SDK calls of a server span, and reads the request.
 */
export type RawAnswer = (
  message: Record<string, any>,
  emit: Emit,
  toolSet: HttpServerOptions['tools'],
  req: IncomingMessage,
) => Record<string, any> | undefined;

export async function startHttpServer(
  options: HttpServerOptions,
  answer: RawAnswer = handleRawMessage,
): Promise<RunningHttpServer> {
  const sessions = new Map<string, RawSession>();
  return listenOnLoopback(async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'DELETE') {
      sessions.delete(String(req.headers['mcp-session-id']));
      res.writeHead(200).end();
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    const message = JSON.parse((await readBody(req)).toString('utf8'));
    const headers: Record<string, string> = {};
    if (options.sessions === 'stateful') {
      if (message.method === 'initialize') {
        const id = randomUUID();
        sessions.set(id, {
          protocolVersion: message.params?.protocolVersion,
          clientInfo: message.params?.clientInfo,
          createdAt: Date.now(),
        });
        headers['mcp-session-id'] = id;
      } else if (!sessions.has(String(req.headers['mcp-session-id']))) {
        res.writeHead(404).end();
        return;
      }
    }
    const notifications: unknown[] = [];
    const response = answer(message, (n) => notifications.push(n), options.tools, req);
    if (!response) {
      res.writeHead(202, headers).end();
      return;
    }
    if (options.response === 'json' && notifications.length === 0) {
      res.writeHead(200, { ...headers, 'content-type': 'application/json' });
      res.end(JSON.stringify(response));
      return;
    }
    res.writeHead(200, { ...headers, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const notification of notifications)
      res.write(`event: message\ndata: ${JSON.stringify(notification)}\n\n`);
    res.end(`event: message\ndata: ${JSON.stringify(response)}\n\n`);
  });
}

if (isMainModule(import.meta.url)) await runHttpServerMain(startHttpServer);

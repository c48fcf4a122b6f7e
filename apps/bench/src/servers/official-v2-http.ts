import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createMcpHandler, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import {
  type HttpServerOptions,
  isMainModule,
  listenOnLoopback,
  type RunningHttpServer,
  readBody,
  runHttpServerMain,
} from './http-host.js';
import { createOfficialV2Server } from './official-v2-server.js';

// The official SDK v2 ships a Web-standard transport; this is the thin node:http glue around it.

async function toWebRequest(req: IncomingMessage): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const init: RequestInit = { method: req.method ?? 'GET', headers };
  if (req.method === 'POST') init.body = (await readBody(req)).toString('utf8');
  return new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`, init);
}

async function sendWebResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  res.on('close', () => {
    void reader.cancel().catch(() => undefined);
  });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    res.write(value);
  }
  res.end();
}

/** 2026-07-28: createMcpHandler, the documented entry, builds a server per request from the factory. */
export function createModernFetchHandler(options: HttpServerOptions) {
  return createMcpHandler(() => createOfficialV2Server(options.tools), {
    responseMode: options.response,
  });
}

async function startModernHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const handler = createModernFetchHandler(options);
  const running = await listenOnLoopback(async (req, res) => {
    await sendWebResponse(await handler.fetch(await toWebRequest(req)), res);
  });
  return {
    ...running,
    async close() {
      await handler.close();
      await running.close();
    },
  };
}

export async function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  if (options.wire === '2026') return startModernHttpServer(options);
  const enableJsonResponse = options.response === 'json';
  const transports = new Map<string, WebStandardStreamableHTTPServerTransport>();

  const statefulTransportFor = async (req: IncomingMessage) => {
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') return transports.get(sessionId);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse,
      onsessioninitialized: (id) => {
        transports.set(id, transport);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) transports.delete(transport.sessionId);
    };
    await createOfficialV2Server(options.tools).connect(transport);
    return transport;
  };

  return listenOnLoopback(async (req, res) => {
    const request = await toWebRequest(req);
    if (options.sessions === 'stateless') {
      const server = createOfficialV2Server(options.tools);
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse,
      });
      await server.connect(transport);
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await sendWebResponse(await transport.handleRequest(request), res);
      return;
    }
    const transport = await statefulTransportFor(req);
    if (!transport) {
      res.writeHead(404).end();
      return;
    }
    await sendWebResponse(await transport.handleRequest(request), res);
  });
}

if (isMainModule(import.meta.url)) await runHttpServerMain(startHttpServer);

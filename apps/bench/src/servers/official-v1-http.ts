import { randomUUID } from 'node:crypto';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  type HttpServerOptions,
  isMainModule,
  listenOnLoopback,
  type RunningHttpServer,
  runHttpServerMain,
} from './http-host.js';
import { createOfficialV1Server } from './official-v1-server.js';

// The official SDK v1's node:http transport, wired as its README shows (minus Express).

export async function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const enableJsonResponse = options.response === 'json';
  const transports = new Map<string, StreamableHTTPServerTransport>();

  return listenOnLoopback(async (req, res) => {
    if (options.sessions === 'stateless') {
      const server = createOfficialV1Server(options.tools);
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse,
      });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res);
      return;
    }
    const sessionId = req.headers['mcp-session-id'];
    let transport = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
    if (typeof sessionId === 'string' && !transport) {
      res.writeHead(404).end();
      return;
    }
    if (!transport) {
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        enableJsonResponse,
        onsessioninitialized: (id) => {
          transports.set(id, created);
        },
      });
      created.onclose = () => {
        if (created.sessionId) transports.delete(created.sessionId);
      };
      await createOfficialV1Server(options.tools).connect(created);
      transport = created;
    }
    await transport.handleRequest(req, res);
  });
}

if (isMainModule(import.meta.url)) await runHttpServerMain(startHttpServer);

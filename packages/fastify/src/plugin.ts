import {
  createStreamableHttpHandler,
  type StreamableHttpHandler,
  type StreamableHttpHandlerOptions,
} from '@mcpkit/transport-http-server';
import { type NodeHandlerOptions, toNodeHandler } from '@mcpkit/transport-http-server/node';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/** Options of {@link mcpPlugin}: a handler you made, or the options to make one. */
export interface McpPluginOptions {
  /** A handler from `createStreamableHttpHandler`; you own it (close it yourself). */
  handler?: StreamableHttpHandler;
  /** Options to make the handler with; the plugin then closes it when Fastify closes. */
  handlerOptions?: StreamableHttpHandlerOptions;
  /**
   * Route path(s) relative to the plugin's prefix. Default: the handler's endpoint (`/mcp`), plus
   * the legacy `/sse` and `/messages` when the plugin makes the handler with legacySse on.
   */
  path?: string | readonly string[];
  /** Failures while writing a response (the client is usually gone by then). */
  onerror?: NodeHandlerOptions['onerror'];
}

/**
 * Mounts the MCP Streamable HTTP endpoint in Fastify 5:
 * `await app.register(mcpPlugin, { handlerOptions: { onSession: (t) => server.connect(t) } })`.
 * Inside the plugin's own (encapsulated) context, request bodies are left unread, so the handler
 * reads them with its own limits (`maxBodyBytes`) and JSON-RPC errors exactly as under `serve()`;
 * its DNS-rebinding protection (Host and Origin checks) applies unchanged. The reply is hijacked:
 * the handler writes the response, SSE included, straight to the socket.
 */
export const mcpPlugin: FastifyPluginAsync<McpPluginOptions> = async (fastify, options) => {
  const handler = ownedOrGiven(fastify, options);
  const nodeHandler = toNodeHandler(handler, options.onerror ? { onerror: options.onerror } : {});
  // The handler reads and parses the body itself; these parsers only tell Fastify not to.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
  for (const path of routePaths(options)) {
    fastify.all(path, async (request, reply) => {
      reply.hijack();
      await nodeHandler(request.raw, reply.raw);
    });
  }
};

function ownedOrGiven(fastify: FastifyInstance, options: McpPluginOptions): StreamableHttpHandler {
  if (options.handler && options.handlerOptions) {
    throw new TypeError('mcpPlugin: pass either `handler` or `handlerOptions`, not both');
  }
  if (options.handler) return options.handler;
  if (!options.handlerOptions) {
    throw new TypeError(
      'mcpPlugin: options need `handler` (from createStreamableHttpHandler) or `handlerOptions` (e.g. { onSession })',
    );
  }
  // A single custom path is the endpoint too, unless the options name one.
  const endpoint = typeof options.path === 'string' ? { endpoint: options.path } : {};
  const handler = createStreamableHttpHandler({ ...endpoint, ...options.handlerOptions });
  // preClose, not onClose: open SSE streams must end before Fastify waits for connections to close.
  fastify.addHook('preClose', async () => {
    await handler.close();
  });
  return handler;
}

function routePaths(options: McpPluginOptions): readonly string[] {
  if (typeof options.path === 'string') return [options.path];
  if (options.path) return options.path;
  const endpoint = options.handlerOptions?.endpoint ?? '/mcp';
  const legacy = options.handlerOptions?.legacySse;
  if (!options.handlerOptions || legacy === false) return [endpoint];
  return [endpoint, legacy?.ssePath ?? '/sse', legacy?.messagesPath ?? '/messages'];
}

// Test-only: official SDK v2 (@modelcontextprotocol/server) Streamable HTTP servers, stateful
// (one transport per session, routed by Mcp-Session-Id) or stateless (one per request).
import { randomUUID } from 'node:crypto';
import {
  type EventStore,
  McpServer,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import { type ServedHandler, serveWebHandler } from './node-adapter.js';

export interface SdkServerOptions {
  stateless?: boolean;
  /** Answer requests with plain JSON instead of SSE. */
  json?: boolean;
  /** Store events and prime SSE streams, so clients can resume (SEP-1699). */
  resumable?: boolean;
  retryIntervalMs?: number;
}

export interface SdkServer extends ServedHandler {
  sessions: Map<string, WebStandardStreamableHTTPServerTransport>;
  closedSessions: string[];
  /** How many HTTP requests the server saw, by method. */
  requestCounts: Record<string, number>;
  /** The Last-Event-ID headers of resumption GETs, in order. */
  lastEventIds: string[];
}

class MemoryEventStore implements EventStore {
  private readonly events: Array<{ id: string; streamId: string; message: unknown }> = [];

  async storeEvent(streamId: string, message: unknown): Promise<string> {
    const id = `${streamId}_${this.events.length}`;
    this.events.push({ id, streamId, message });
    return id;
  }

  async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return this.events.find((event) => event.id === eventId)?.streamId;
  }

  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (eventId: string, message: never) => Promise<void> },
  ): Promise<string> {
    const index = this.events.findIndex((event) => event.id === lastEventId);
    const streamId = this.events[index]?.streamId ?? '';
    for (const event of this.events.slice(index + 1)) {
      if (event.streamId === streamId) await send(event.id, event.message as never);
    }
    return streamId;
  }
}

function createMcpServer(transport: () => WebStandardStreamableHTTPServerTransport): McpServer {
  const server = new McpServer({ name: 'sdk-interop-server', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Echoes its input', inputSchema: z.object({ message: z.string() }) },
    async ({ message }) => ({ content: [{ type: 'text', text: `echo: ${message}` }] }),
  );
  server.registerTool(
    'count',
    { description: 'Reports progress, then answers', inputSchema: z.object({ steps: z.number() }) },
    async ({ steps }, ctx) => {
      const progressToken = ctx.mcpReq._meta?.progressToken;
      for (let step = 1; step <= steps; step++) {
        if (progressToken !== undefined) {
          await ctx.mcpReq.notify({
            method: 'notifications/progress',
            params: { progressToken, progress: step, total: steps },
          });
        }
      }
      return { content: [{ type: 'text', text: `counted to ${steps}` }] };
    },
  );
  server.registerTool(
    'ask-name',
    { description: 'Asks the client for a name through elicitation', inputSchema: z.object({}) },
    async (_args, ctx) => {
      // Related to the call, so the question travels on the call's own SSE stream.
      const answer = await ctx.mcpReq.elicitInput(
        {
          mode: 'form',
          message: 'What is your name?',
          requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        },
        { relatedRequestId: ctx.mcpReq.id },
      );
      const name = answer.action === 'accept' ? String(answer.content?.name) : `(${answer.action})`;
      return { content: [{ type: 'text', text: `hello ${name}` }] };
    },
  );
  server.registerTool(
    'disconnect-then-answer',
    {
      description: 'Closes its SSE stream, then answers while the client is away',
      inputSchema: z.object({}),
    },
    async (_args, ctx) => {
      transport().closeSSEStream(ctx.mcpReq.id);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { content: [{ type: 'text', text: 'answered after the disconnect' }] };
    },
  );
  return server;
}

export async function startSdkServer(options: SdkServerOptions = {}): Promise<SdkServer> {
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  const closedSessions: string[] = [];
  const requestCounts: Record<string, number> = {};
  const lastEventIds: string[] = [];

  const transportOptions = () => ({
    ...(options.json ? { enableJsonResponse: true } : {}),
    ...(options.resumable ? { eventStore: new MemoryEventStore() } : {}),
    ...(options.retryIntervalMs !== undefined ? { retryInterval: options.retryIntervalMs } : {}),
  });

  async function handler(request: Request): Promise<Response> {
    requestCounts[request.method] = (requestCounts[request.method] ?? 0) + 1;
    const lastEventId = request.headers.get('last-event-id');
    if (lastEventId !== null) lastEventIds.push(lastEventId);
    if (options.stateless) {
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        ...transportOptions(),
      });
      await createMcpServer(() => transport).connect(transport);
      return transport.handleRequest(request);
    }
    const sessionId = request.headers.get('mcp-session-id');
    if (sessionId !== null) {
      const existing = sessions.get(sessionId);
      if (existing) return existing.handleRequest(request);
      return Response.json(
        { jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } },
        { status: 404 },
      );
    }
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
        closedSessions.push(id);
      },
      ...transportOptions(),
    });
    await createMcpServer(() => transport).connect(transport);
    return transport.handleRequest(request);
  }

  const served = await serveWebHandler(handler);
  return {
    ...served,
    sessions,
    closedSessions,
    requestCounts,
    lastEventIds,
    close: async () => {
      for (const transport of sessions.values()) await transport.close();
      await served.close();
    },
  };
}

// Test-only: the server end of a Streamable HTTP connection as a Transport, over node:http, so the
// transport contract suite can pair it with the client transport. Deliberately minimal: one
// pre-created session, requests answered on their own SSE stream, everything else on the GET stream.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Transport } from '@mcpkit/jsonrpc';
import type { JSONRPCMessage, RequestId } from '@mcpkit/protocol';

export interface RelayServer {
  url: string;
  sessionId: string;
  transport: Transport;
}

export async function startRelayServer(sessionId = 'relay-session'): Promise<RelayServer> {
  const requestStreams = new Map<RequestId, ServerResponse>();
  let standalone: ServerResponse | undefined;
  const queued: JSONRPCMessage[] = [];
  let closed = false;

  const write = (res: ServerResponse, message: JSONRPCMessage) =>
    res.write(`data: ${JSON.stringify(message)}\n\n`);

  const transport: Transport = {
    sessionId,
    async start() {},
    async send(message) {
      if (closed) throw new Error('The relay server transport is closed; cannot send');
      const id = 'id' in message && !('method' in message) ? message.id : undefined;
      const stream = id === undefined || id === null ? undefined : requestStreams.get(id);
      if (stream && id !== undefined && id !== null) {
        requestStreams.delete(id);
        write(stream, message);
        stream.end();
      } else if (standalone) {
        write(standalone, message);
      } else {
        queued.push(message);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      server.close();
      server.closeAllConnections();
      transport.onclose?.();
    },
  };

  const server = createServer((req, res) => {
    if (closed || req.headers['mcp-session-id'] !== sessionId) {
      res.writeHead(404).end();
      return;
    }
    if (req.method === 'DELETE') {
      res.writeHead(200).end();
      void transport.close();
      return;
    }
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.flushHeaders();
      standalone = res;
      res.on('close', () => {
        if (standalone === res) standalone = undefined;
      });
      for (const message of queued.splice(0)) write(res, message);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as JSONRPCMessage;
      // Deliver before answering: the client's next POST waits for these headers, which keeps order.
      transport.onmessage?.(message);
      if ('method' in message && 'id' in message) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.flushHeaders();
        requestStreams.set(message.id, res);
      } else {
        res.writeHead(202).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/mcp`, sessionId, transport };
}

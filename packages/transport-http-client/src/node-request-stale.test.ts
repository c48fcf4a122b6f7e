import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeFetch } from './node-request.js';

const servers: { server: Server; connections: Socket[] }[] = [];
afterEach(async () => {
  const closing = servers.splice(0).map(({ server, connections }) => {
    // The client's pool keeps its last socket alive; the server would wait for it otherwise.
    for (const socket of connections) socket.destroy();
    return new Promise((done) => server.close(done));
  });
  await Promise.all(closing);
});

const ANSWER = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}';

/**
 * A raw HTTP server that answers the first request of every connection and resets the connection
 * on the second, as a server whose keep-alive timer closed the socket just as the client reused it.
 * `resetFirst` also resets the very first request of the first connection (a socket never reused).
 */
async function resettingServer(options: { resetFirst?: boolean } = {}) {
  const connections: Socket[] = [];
  let requests = 0;
  let resets = 0;
  const server = createServer((socket) => {
    connections.push(socket);
    let seen = 0;
    socket.on('error', () => undefined); // the reset's own echo on this side
    socket.on('data', () => {
      requests++;
      seen++;
      if (seen > 1 || (options.resetFirst === true && connections.length === 1)) {
        resets++;
        socket.resetAndDestroy();
      } else socket.write(ANSWER);
    });
  });
  servers.push({ server, connections });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    connections,
    requests: () => requests,
    resets: () => resets,
  };
}

const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };

describe('the Node path and dead kept-alive sockets', () => {
  it('sends a request again on a fresh socket when its reused socket was reset before any answer', async () => {
    const server = await resettingServer();
    const send = nodeFetch();
    expect(send).toBeDefined();
    for (let call = 1; call <= 3; call++) {
      const response = await send?.(server.url, post);
      expect(response?.status).toBe(200);
      expect(await response?.text()).toBe('{}');
    }
    // Calls that met a reset on a reused socket went out again, each reset request once more;
    // which calls meet one depends on which pooled socket undici picks (it takes turns on two).
    expect(server.resets()).toBeGreaterThanOrEqual(1);
    expect(server.requests()).toBe(3 + server.resets());
  });

  it('does not send again when a fresh socket is reset: the server may have seen the request', async () => {
    const server = await resettingServer({ resetFirst: true });
    const send = nodeFetch();
    await expect(send?.(server.url, post)).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(server.requests()).toBe(1);
  });
});

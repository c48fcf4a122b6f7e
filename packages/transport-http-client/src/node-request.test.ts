import { createHook } from 'node:async_hooks';
import { createServer as createNetServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../test/http-server.js';
import { readBodyChunks } from './fetch.js';
import { nodeFetch } from './node-request.js';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };

function send(): NonNullable<ReturnType<typeof nodeFetch>> {
  const fetch = nodeFetch();
  if (fetch === undefined) throw new Error('the Node path is offered on Node');
  return fetch;
}

describe('the Node path (undici) reading answers', () => {
  it('decodes a JSON body whose UTF-8 character arrives split between two packets', async () => {
    const body = new TextEncoder().encode(JSON.stringify({ text: 'café ☕ ok' }));
    const cut = body.indexOf(0xe2) + 1; // inside the three bytes of ☕
    const server = await startServer(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
      res.write(body.subarray(0, cut));
      await pause(20); // a packet of its own
      res.end(body.subarray(cut));
    });
    servers.push(server);
    const response = await send()(server.url, post);
    expect(JSON.parse(await response.text())).toEqual({ text: 'café ☕ ok' });
  });

  it('reads a whole body of more chunks than the streamed path queues before pausing (a 2 MiB answer)', async () => {
    const text = 'x'.repeat(2 * 1024 * 1024);
    const body = JSON.stringify({ text });
    const server = await startServer(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      // Separate writes, so the answer arrives as many chunks whichever way the kernel cuts it.
      for (let at = 0; at < body.length; at += 16 * 1024) {
        res.write(body.slice(at, at + 16 * 1024));
        if (at % (256 * 1024) === 0) await pause(1);
      }
      res.end();
    });
    servers.push(server);
    const response = await send()(server.url, post);
    expect((JSON.parse(await response.text()) as { text: string }).text.length).toBe(text.length);
  });

  it('keeps every byte of a streamed body that arrived while nobody read it, in order', async () => {
    const parts = Array.from({ length: 60 }, (_, index) => `data: ${index}\n\n`);
    let written!: () => void;
    const allWritten = new Promise<void>((resolve) => {
      written = resolve;
    });
    const server = await startServer(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const part of parts) {
        res.write(part);
        await pause(2); // separate packets: more chunks than the Node path queues before it pauses
      }
      res.end();
      written();
    });
    servers.push(server);
    const response = await send()(server.url, post);
    await allWritten; // nothing read until the server is done: the connection was paused and resumed
    const decoder = new TextDecoder();
    let text = '';
    for await (const chunk of readBodyChunks(response.body)) text += decoder.decode(chunk, { stream: true });
    expect(text).toBe(parts.join(''));
  });

  it("fails at once when aborted before the answer's head, with the caller's reason as the cause", async () => {
    const server = await startServer(() => undefined); // never answers
    servers.push(server);
    const controller = new AbortController();
    const sent = send()(server.url, { ...post, signal: controller.signal });
    await pause(20);
    controller.abort('the caller gave up');
    await expect(sent).rejects.toMatchObject({ name: 'AbortError', cause: 'the caller gave up' });
  });

  it('ends a streamed body with the abort error when aborted mid-stream', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: first\n\n'); // and nothing more
    });
    servers.push(server);
    const controller = new AbortController();
    const response = await send()(server.url, { ...post, signal: controller.signal });
    const chunks = readBodyChunks(response.body);
    expect(new TextDecoder().decode((await chunks.next()).value)).toBe('data: first\n\n');
    controller.abort('enough');
    await expect(chunks.next()).rejects.toMatchObject({ name: 'AbortError', cause: 'enough' });
  });
});

describe('the Node path per request', () => {
  it('answers through the exchange itself: no async frame or then() in between (counted in promises)', async () => {
    // A canned HTTP answer from a bare socket: the server side makes no promise to count.
    const body = '{"ok":true}';
    const answer = `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`;
    const sockets: Socket[] = [];
    const server = createNetServer((socket) => {
      sockets.push(socket);
      socket.on('data', () => socket.write(answer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/mcp`;
      await (await send()(url, post)).text(); // undici loaded, the connection open and kept alive
      let promises = 0;
      const hook = createHook({
        init(_id, type) {
          if (type === 'PROMISE') promises++;
        },
      });
      hook.enable();
      const response = await send()(url, post);
      hook.disable();
      expect(await response.text()).toBe(body);
      // The exchange's own promise, and the one this test's `await` makes while hooks are on
      // (an async send() and its retry loop made four).
      expect(promises).toBe(2);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('where the Node path takes undici from', () => {
  it("loads undici's Agent from its own module, which is the class the package index exports", async () => {
    const agentModule = 'undici/lib/dispatcher/agent.js';
    const { default: Agent } = (await import(agentModule)) as { default: unknown };
    const undici = await import('undici');
    expect(Agent).toBe(undici.Agent);
  });
});

import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createStreamableHttpHandler } from '../handler.js';
import type { StreamableHttpHandlerOptions } from '../options.js';
import { connectFakeServer, type FakeServer } from '../test-helpers/fake-server.js';
import { ACCEPT_BOTH, initializeMessage } from '../test-helpers/http.js';
import { malformedHostReason } from './host-header.js';
import { type ServerHandle, serve } from './index.js';

// A malformed Host header is the client's fault: 400 with a JSON-RPC error body that says so, over a
// real socket, never the 500 `Host: a@b` used to get (issue 15, item 6) nor a silent `localhost`.

const handles: ServerHandle[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
});

async function start(options: Partial<StreamableHttpHandlerOptions> = {}) {
  const servers: FakeServer[] = [];
  const errors: Error[] = [];
  const handler = createStreamableHttpHandler({
    onSession: async (transport) => {
      await connectFakeServer(transport, servers);
    },
    ...options,
  });
  const handle = await serve(handler, { port: 0, onerror: (error) => errors.push(error) });
  handles.push(handle);
  return { handle, errors };
}

/** One HTTP/1.1 POST written byte for byte, so the Host header is exactly `host`. */
function postWithHost(port: number, host: string): Promise<{ status: number; body: string }> {
  const body = JSON.stringify(initializeMessage());
  const head = [
    'POST /mcp HTTP/1.1',
    `Host: ${host}`,
    'Content-Type: application/json',
    `Accept: ${ACCEPT_BOTH}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${head}\r\n\r\n${body}`));
    let reply = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      reply += chunk;
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1] ?? 0);
      resolve({ status, body: reply.slice(reply.indexOf('\r\n\r\n') + 4) });
    });
  });
}

const MALFORMED: [host: string, reason: string][] = [
  ['a@b', 'malformed Host header "a@b": userinfo ("…@") is not allowed; expected host[:port]'],
  ['user:pass@127.0.0.1', 'malformed Host header "user:pass@127.0.0.1": userinfo ("…@") is not allowed'],
  ['', 'malformed Host header: it is empty; expected host[:port]'],
  ['local host', 'malformed Host header "local host": expected host[:port]'],
  ['[::1', 'malformed Host header "[::1": expected host[:port]'],
  ['127.0.0.1:99999', 'malformed Host header "127.0.0.1:99999": port 99999 is out of range (0-65535)'],
  ['localhost:http', 'malformed Host header "localhost:http": expected host[:port]'],
  ['localhost/mcp', 'malformed Host header "localhost/mcp": expected host[:port]'],
  ['%zz', 'malformed Host header "%zz": not a valid URL host'],
];

describe('malformed Host headers over a real socket', () => {
  for (const [host, reason] of MALFORMED) {
    it(`answers 400 to Host ${JSON.stringify(host)}, saying the Host header is malformed`, async () => {
      const { handle, errors } = await start();
      const response = await postWithHost(handle.port, host);
      expect(response.status, response.body).toBe(400);
      const body = JSON.parse(response.body) as {
        jsonrpc: string;
        id: null;
        error: { code: number; message: string };
      };
      expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
      expect(body.error.message).toContain(`Bad Request: ${reason}`);
      expect(errors).toEqual([]);
    });
  }

  it('answers 400, not 500, even with DNS-rebinding protection off', async () => {
    const { handle, errors } = await start({ dnsRebindingProtection: false });
    const response = await postWithHost(handle.port, 'a@b');
    expect(response.status).toBe(400);
    expect(response.body).toContain('malformed Host header');
    expect(errors).toEqual([]);
  });

  it('still serves well-formed local Hosts, with or without a port, and refuses foreign ones with 403', async () => {
    const { handle } = await start();
    for (const host of ['localhost', `127.0.0.1:${handle.port}`, `[::1]:${handle.port}`, '127.0.0.1:']) {
      const response = await postWithHost(handle.port, host);
      expect([host, response.status]).toEqual([host, 200]);
    }
    expect((await postWithHost(handle.port, 'evil.example.com')).status).toBe(403);
  });
});

describe('malformedHostReason', () => {
  it('leaves an absent Host (HTTP/1.0) to the handler', () => {
    expect(malformedHostReason(undefined)).toBeUndefined();
  });

  it('shortens a long value in the message', () => {
    expect(malformedHostReason(`${'a'.repeat(300)} b`)).toBe(
      `malformed Host header "${'a'.repeat(100)}…": expected host[:port]`,
    );
  });
});

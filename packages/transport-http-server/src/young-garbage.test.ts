import { Agent, request as httpRequest } from 'node:http';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createStreamableHttpHandler } from './handler.js';
import { type ServerHandle, serve } from './node/index.js';
import { ACCEPT_BOTH, initializeMessage, request } from './test-helpers/http.js';

// What a request leaves behind must die young: garbage that survives young-generation GCs is
// promoted, grows the old generation until the next full GC, and grows the young generation (V8
// sizes it by what survives), which is most of an idle session's resident memory in the
// http-session-memory bench. A getter closing over the request, defined per request in an object
// literal (MessageExtra.requestHeaders did), kept each request alive through every young GC.

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;

function oldSpaceUsed(): number {
  return getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')!.space_used_size;
}

const handles: ServerHandle[] = [];
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
});
afterAll(() => agent.destroy());

function post(url: URL, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  const head = {
    accept: ACCEPT_BOTH,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  };
  return new Promise<{ sessionId: unknown; body: string }>((resolve, reject) => {
    const req = httpRequest(url, { agent, method: 'POST', headers: head }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        data += chunk;
      });
      res.on('end', () => resolve({ sessionId: res.headers['mcp-session-id'], body: data }));
    });
    req.on('error', reject);
    req.end(text);
  });
}

describe('young garbage', () => {
  it('a request to a session leaves nothing that survives young-generation GCs', {
    timeout: 60_000,
  }, async () => {
    const handler = createStreamableHttpHandler({
      onSession: async (transport) => {
        // The least a server does: answer every request, keep nothing.
        transport.onmessage = (message) => {
          if (!('id' in message && 'method' in message)) return;
          const result =
            message.method === 'initialize'
              ? { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'm', version: '1' } }
              : {};
          void transport.send({ jsonrpc: '2.0', id: message.id, result });
        };
        await transport.start();
      },
    });
    const handle = await serve(handler, { port: 0 });
    handles.push(handle);
    const url = new URL('/mcp', handle.url);
    const opened = await post(url, initializeMessage());
    const headers = { 'mcp-session-id': String(opened.sessionId), 'mcp-protocol-version': '2025-11-25' };
    // Warm up: code, inline caches and the session's own structures are not what is measured.
    for (let id = 1; id <= 200; id++) await post(url, request('ping', id), headers);
    const count = 1000;
    // The smallest of three rounds: a full GC V8 starts by itself only makes a round smaller.
    const promoted: number[] = [];
    for (let round = 0; round < 3; round++) {
      gc();
      const before = oldSpaceUsed();
      for (let i = 0; i < count; i++) {
        expect((await post(url, request('ping', `r${round}-${i}`), headers)).body).toContain('"result"');
        if (i % 10 !== 9) continue;
        // Two young GCs in a row promote whatever lived through both; the requests are over.
        await new Promise((resolve) => setTimeout(resolve, 1));
        gc({ type: 'minor' });
        gc({ type: 'minor' });
      }
      promoted.push((oldSpaceUsed() - before) / count);
    }
    // Measured: about 1.5 KiB per request (the test's own client included; a bare node:http
    // server measures 0.3-0.5), 4.5 KiB while each request was promoted whole.
    expect(Math.min(...promoted), `bytes promoted per request: ${promoted.map(Math.round)}`).toBeLessThan(
      3 * 1024,
    );
  });
});

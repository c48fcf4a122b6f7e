// A message that is not UTF-8 (here a Latin-1 "é") is refused the same way over HTTP and stdio:
// -32700, saying the input is not valid UTF-8, instead of being read with U+FFFD (issue 15).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { serve } from '@mcpkit/transport-http-server/node';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_SCRIPT, killed } from './fixture-process.js';
import { createEchoHandler, INITIALIZE, postHeaders } from './helpers.js';

// An initialize whose client name is "café" in Latin-1: the byte 0xE9 alone is not UTF-8.
const [before, after] = JSON.stringify({
  ...INITIALIZE,
  params: { ...INITIALIZE.params, clientInfo: { name: 'caf<E9>', version: '1' } },
}).split('<E9>');
const BODY = Buffer.concat([Buffer.from(before!), Buffer.from([0xe9]), Buffer.from(after!)]);

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** POSTs raw bytes with node:http (fetch would not let the bytes through untouched in every runtime). */
async function postBytes(url: URL, body: Buffer): Promise<{ status: number; json: unknown }> {
  const sent = request(url, { method: 'POST', headers: postHeaders() });
  sent.end(body);
  const [response] = (await once(sent, 'response')) as [import('node:http').IncomingMessage];
  let text = '';
  for await (const chunk of response) text += chunk;
  return { status: response.statusCode!, json: JSON.parse(text) };
}

describe('a message that is not UTF-8', () => {
  it('is refused over HTTP with -32700 naming the problem', async () => {
    const { handler } = createEchoHandler();
    const handle = await serve(handler, { host: '127.0.0.1', port: 0 });
    cleanups.push(() => handle.close());
    const answer = await postBytes(new URL('/mcp', handle.url), BODY);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32700,
        message: `Unreadable input from the client: a body of ${BODY.length} bytes is not valid UTF-8`,
      },
    });
  });

  it('is refused over stdio with -32700 in the same words', async () => {
    const child = spawn(process.execPath, [FIXTURE_SCRIPT, 'stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    cleanups.push(() => killed(child));
    child.stdout.setEncoding('utf8');
    child.stdin.write(Buffer.concat([BODY, Buffer.from('\n')]));
    let text = '';
    while (!text.includes('\n')) {
      const [chunk] = (await Promise.race([once(child.stdout, 'data'), once(child, 'exit')])) as [unknown];
      if (typeof chunk !== 'string') throw new Error(`the server exited (${String(chunk)}) before answering`);
      text += chunk;
    }
    expect(JSON.parse(text.split('\n')[0]!)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32700,
        message: `Unreadable input from the client: a line of ${BODY.length} bytes is not valid UTF-8`,
      },
    });
  });
});

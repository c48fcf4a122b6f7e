import { createServer, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { runServerMode } from './run-server-mode.js';

// Over Streamable HTTP a server may send its first roots/list on the standalone GET stream right
// after initialization, as the official everything server does. The harness opens that stream
// and answers there, so roots are judged the same over HTTP as over stdio (issue 36).

type Json = Record<string, unknown>;
let stop: (() => void) | undefined;
afterEach(() => stop?.());

/** A stateful server that asks for roots on the GET stream once initialized, and lists them in a tool. */
async function rootsOnGetStream(): Promise<string> {
  let stream: ServerResponse | undefined;
  let roots: unknown;
  const rootsArrived: (() => void)[] = [];
  const server = createServer((request, response) => {
    if (request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.flushHeaders();
      stream = response;
      return;
    }
    if (request.method === 'DELETE') {
      response.writeHead(200).end();
      return;
    }
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const message = JSON.parse(body) as { id?: string | number; method?: string; result?: Json };
      const reply = (result: Json) => {
        response.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'roots-session' });
        response.end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
      };
      if (message.method === undefined) {
        roots = message.result?.roots;
        for (const arrived of rootsArrived.splice(0)) arrived();
        response.writeHead(202).end();
      } else if (message.method === 'notifications/initialized') {
        response.writeHead(202).end();
        stream?.write(`data: ${JSON.stringify({ jsonrpc: '2.0', id: 'roots-1', method: 'roots/list' })}\n\n`);
      } else if (message.method === 'initialize') {
        reply({
          protocolVersion: '2025-11-25',
          capabilities: { tools: {} },
          serverInfo: { name: 'roots', version: '0' },
        });
      } else if (message.method === 'tools/list') {
        reply({
          tools: [
            { name: 'list_roots', description: 'Lists the client roots.', inputSchema: { type: 'object' } },
          ],
        });
      } else if (message.method === 'tools/call') {
        const answer = () =>
          reply({ content: [{ type: 'text', text: JSON.stringify(roots) }], isError: roots === undefined });
        if (roots !== undefined) answer();
        else rootsArrived.push(answer);
      } else {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: message.id,
            error: { code: -32601, message: 'Method not found' },
          }),
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stop = () => {
    server.closeAllConnections();
    server.close();
  };
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return `http://127.0.0.1:${address.port}/mcp`;
}

describe('the standalone GET stream', () => {
  it('receives the roots/list a server sends there after initialization, and answers it', {
    timeout: 30_000,
  }, async () => {
    const url = await rootsOnGetStream();
    const [result] = await runServerMode({ url, revisions: ['2025-11-25'], scenarios: ['round-trip-roots'] });
    expect(result?.verdict, JSON.stringify(result?.checks)).toBe('pass');
    expect(result?.checks.map((check) => check.detail)).toEqual([
      'list_roots (guessed from its name) asked through a server-to-client request',
      undefined,
    ]);
  });

  it('calls the tool --round-trip-tool names, and fails a name tools/list does not have', {
    timeout: 30_000,
  }, async () => {
    const url = await rootsOnGetStream();
    const [named] = await runServerMode({
      url,
      revisions: ['2025-11-25'],
      scenarios: ['round-trip-roots'],
      roundTripTools: { roots: 'list_roots' },
    });
    expect(named?.checks[0]?.detail).toBe(
      'list_roots (named by --round-trip-tool) asked through a server-to-client request',
    );
    const [missing] = await runServerMode({
      url,
      revisions: ['2025-11-25'],
      scenarios: ['round-trip-roots'],
      roundTripTools: { roots: 'get_roots' },
    });
    expect(missing?.verdict).toBe('fail');
    expect(missing?.checks[0]?.detail).toBe(
      '--round-trip-tool roots=get_roots: tools/list has no tool get_roots',
    );
  });
});

// A client whose secret the token endpoint refuses must leave nothing open once closed (issue 35,
// item 9): the 401s of the MCP server, unread after the auth provider failed, used to keep two
// kept-alive sockets of the node:http path busy, so the process never exited by itself. The
// client runs as its own process, against one server on 127.0.0.1 playing MCP server and
// authorization server, whose idle connections stay open for 10 minutes: only the client can end them.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const fixture = fileURLToPath(new URL('./fixtures/wrong-secret-client.mjs', import.meta.url));
/** Generous: the client needs well under a second; a loaded machine may need several. */
const EXIT_WITHIN_MS = 30_000;

let server: Server | undefined;
let child: ChildProcess | undefined;

afterEach(async () => {
  if (child !== undefined && child.exitCode === null && child.signalCode === null) {
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }
  if (server !== undefined) {
    server.closeAllConnections();
    await new Promise((done) => server?.close(done));
  }
});

/** Protected resource metadata, AS metadata, a token endpoint refusing every client, an MCP endpoint answering 401. */
async function startServer(): Promise<string> {
  let base = '';
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (request.url === '/.well-known/oauth-protected-resource/mcp') {
        response.end(JSON.stringify({ resource: `${base}/mcp`, authorization_servers: [base] }));
      } else if (request.url === '/.well-known/oauth-authorization-server') {
        response.end(JSON.stringify({ issuer: base, token_endpoint: `${base}/token` }));
      } else if (request.url === '/token') {
        response.statusCode = 401;
        response.end(JSON.stringify({ error: 'invalid_client' }));
      } else {
        response.statusCode = 401;
        response.setHeader(
          'www-authenticate',
          `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`,
        );
        response.end(JSON.stringify({ error: 'invalid_token' }));
      }
    });
  });
  server.keepAliveTimeout = 600_000;
  await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return `${base}/mcp`;
}

/** Runs the client process; resolves with its exit code and output, or with `hung: true` after EXIT_WITHIN_MS. */
async function runClient(url: string, mode: 'node:http' | 'fetch') {
  const started = spawn(process.execPath, [fixture, url, ...(mode === 'fetch' ? ['fetch'] : [])], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = started;
  let output = '';
  started.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  started.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => resolve('hung'), EXIT_WITHIN_MS);
  });
  const outcome = await Promise.race([once(started, 'exit'), hung]);
  clearTimeout(timer);
  return { hung: outcome === 'hung', exitCode: started.exitCode, output };
}

describe('a client refused by the token endpoint', () => {
  for (const mode of ['node:http', 'fetch'] as const) {
    it(
      `exits by itself after close() (${mode} path)`,
      async () => {
        const url = await startServer();
        const run = await runClient(url, mode);
        expect(run.output).toContain('refused the client_credentials grant: HTTP 401 invalid_client');
        expect(run).toMatchObject({ hung: false, exitCode: 0 });
      },
      EXIT_WITHIN_MS + 10_000,
    );
  }
});

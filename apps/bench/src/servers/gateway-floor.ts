import { spawn } from 'node:child_process';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { lineSplitter } from './line-splitter.js';

// The gateway floor row's bare processes (issue 40): what a hop costs with no SDK in it, so the
// gateway rows can be read against the cheapest relay this machine allows.
//   http-echo            node:http answering a tools/call echo itself
//   stdio-echo           JSON lines on stdin answered on stdout
//   http-pipe <cmd...>   node:http relaying each POSTed message to a child (<cmd...>, JSON lines)
//                        and answering with the child's line (a notification: 202 at once)
//   stdio-relay <url>    JSON lines on stdin POSTed to <url> (undici, keep-alive; the session id
//                        and protocol version echoed back as a client would), answers on stdout
// HTTP roles print `PORT <n>` once listening; every role stops when its stdin ends.

interface Message {
  id?: string | number;
  method?: string;
  params?: { arguments?: { text?: string } };
  result?: { protocolVersion?: string };
}

const echoAnswer = (request: Message): string =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: request.id,
    result: { content: [{ type: 'text', text: request.params?.arguments?.text }] },
  });

function readBody(req: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function answerJson(res: ServerResponse, text: string): void {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function listen(handle: (body: string, res: ServerResponse) => void): void {
  const server = createServer((req, res) => {
    // No standalone stream, no session to delete: only POSTed messages are relayed.
    if (req.method !== 'POST') {
      req.resume();
      res.writeHead(405).end();
      return;
    }
    readBody(req).then(
      (body) => handle(body, res),
      () => res.destroy(),
    );
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () =>
    process.stdout.write(`PORT ${(server.address() as AddressInfo).port}\n`),
  );
  process.stdin.on('end', () => process.exit(0));
  process.stdin.resume();
}

function httpEcho(): void {
  listen((body, res) => answerJson(res, echoAnswer(JSON.parse(body) as Message)));
}

function stdioEcho(): void {
  process.stdin.setEncoding('utf8');
  process.stdin.on(
    'data',
    lineSplitter((line) => process.stdout.write(`${echoAnswer(JSON.parse(line) as Message)}\n`)),
  );
}

function httpPipe(command: string[]): void {
  const child = spawn(command[0]!, command.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting = new Map<string | number, ServerResponse>();
  child.stdout.setEncoding('utf8');
  child.stdout.on(
    'data',
    lineSplitter((line) => {
      const id = (JSON.parse(line) as Message).id;
      const res = id === undefined ? undefined : waiting.get(id);
      if (res === undefined || id === undefined) return;
      waiting.delete(id);
      answerJson(res, line);
    }),
  );
  process.stdin.on('end', () => child.stdin.end());
  listen((body, res) => {
    const message = JSON.parse(body) as Message;
    if (message.id === undefined) res.writeHead(202).end();
    else waiting.set(message.id, res);
    child.stdin.write(`${body}\n`);
  });
}

function stdioRelay(url: URL): void {
  const pool = new Pool(url.origin, { connections: 1 });
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  const relayLine = async (line: string) => {
    const answer = await pool.request({ method: 'POST', path: url.pathname, headers, body: line });
    const session = answer.headers['mcp-session-id'];
    if (typeof session === 'string') headers['mcp-session-id'] = session;
    const text = await answer.body.text();
    if (answer.statusCode !== 200 || text === '') return;
    const version = (JSON.parse(text) as Message).result?.protocolVersion;
    if (version !== undefined) headers['mcp-protocol-version'] = version;
    process.stdout.write(`${text}\n`);
  };
  process.stdin.setEncoding('utf8');
  process.stdin.on(
    'data',
    lineSplitter((line) => {
      relayLine(line).catch((error: unknown) => {
        process.stderr.write(`stdio-relay: ${String(error)}\n`);
        process.exit(1);
      });
    }),
  );
  process.stdin.on('end', () => process.exit(0));
}

const [role, ...rest] = process.argv.slice(2);
switch (role) {
  case 'http-echo':
    httpEcho();
    break;
  case 'stdio-echo':
    stdioEcho();
    break;
  case 'http-pipe':
    httpPipe(rest);
    break;
  case 'stdio-relay':
    stdioRelay(new URL(rest[0]!));
    break;
  default:
    throw new Error(
      `usage: gateway-floor.js http-echo | stdio-echo | http-pipe <cmd...> | stdio-relay <url>`,
    );
}

import { type ChildProcess, spawn } from 'node:child_process';
import process from 'node:process';
import type { JSONRPCMessage, JSONRPCRequest } from '@mcpkit/protocol';
import {
  answerServerRequest,
  isResponse,
  type JsonObject,
  PendingRequests,
  type RawAnswer,
  type Received,
  type RequestOptions,
  ServerExitedError,
  type Wire,
} from './wire.js';

/** What the server wrote on stdout besides whole one-line messages. */
export interface StdioNoise {
  /** Lines that were not JSON-RPC messages. */
  lines: string[];
  /** Messages that spanned several lines (read anyway, so one framing fault does not fail every scenario). */
  multiline: number;
  stderrTail: string;
}

export interface StdioWire extends Wire {
  readonly kind: 'stdio';
  readonly noise: StdioNoise;
  readonly child: ChildProcess;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_GATHERED_LINES = 10_000;

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Starts `command` through the shell in its own process group and speaks newline-delimited JSON-RPC. */
export function openStdioWire(command: string, defaultTimeoutMs = DEFAULT_TIMEOUT_MS): StdioWire {
  const child = spawn('/bin/sh', ['-c', `exec ${command}`], {
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  const pending = new PendingRequests();
  const received: Received[] = [];
  const noise: StdioNoise = { lines: [], multiline: 0, stderrTail: '' };
  let gathered: string[] = [];
  const rawWaiters: ((message: JSONRPCMessage) => void)[] = [];
  let exited = false;

  const write = (message: unknown) => {
    if (!exited) child.stdin?.write(`${JSON.stringify(message)}\n`);
  };
  const onMessage = (message: JSONRPCMessage) => {
    let answers: string | undefined;
    if (isResponse(message)) {
      answers = pending.settle(message);
      const rawWaiter = answers === undefined ? rawWaiters.shift() : undefined;
      if (answers === undefined) {
        if (rawWaiter !== undefined) rawWaiter(message);
        else pending.stray(message);
      }
    } else if ('id' in message && 'method' in message) {
      const request = message as JSONRPCRequest;
      try {
        write({
          jsonrpc: '2.0',
          id: request.id,
          result: answerServerRequest(request.method, request.params),
        });
      } catch (error) {
        write({ jsonrpc: '2.0', id: request.id, error: { code: -32601, message: String(error) } });
      }
    }
    received.push(answers === undefined ? { message } : { message, answers });
  };
  let buffer = '';
  child.stdout?.setEncoding('utf8').on('data', (text: string) => {
    buffer += text;
    for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
      const line = buffer.slice(0, newline).replace(/\r$/, '');
      buffer = buffer.slice(newline + 1);
      if (line.trim() === '') continue;
      if (gathered.length > 0 || /^\s*[[{]\s*$/.test(line)) {
        gathered.push(line);
        const whole = tryParse(gathered.join('\n'));
        if (whole !== undefined) {
          noise.multiline++;
          gathered = [];
          deliver(whole);
        } else if (gathered.length > MAX_GATHERED_LINES) {
          noise.lines.push(...gathered.slice(0, 5).map((l) => l.slice(0, 300)));
          gathered = [];
        }
        continue;
      }
      const parsed = tryParse(line);
      if (parsed === undefined) noise.lines.push(line.slice(0, 300));
      else deliver(parsed);
    }
  });
  function deliver(parsed: unknown): void {
    if (parsed === null || typeof parsed !== 'object') {
      noise.lines.push(JSON.stringify(parsed).slice(0, 300));
      return;
    }
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) onMessage(message as JSONRPCMessage);
  }
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    noise.stderrTail = (noise.stderrTail + text).slice(-2000);
  });
  child.stdin?.on('error', () => {
    // The server may exit while we write; the exit is reported to the pending requests on 'close'.
  });
  child.on('exit', () => {
    exited = true;
  });
  // After 'close' stdout and stderr are drained: answers that made it out are settled, and the
  // stderr tail is whole, so a request still waiting learns at once why no answer will come.
  let gone: ((method: string, id: string | number) => ServerExitedError) | undefined;
  let goneText: string | undefined;
  let closing = false;
  child.on('close', (code, signal) => {
    const status = signal === null ? `code ${code}` : `signal ${signal}`;
    if (!closing) goneText = `the server exited (${status})`;
    const stderr = noise.stderrTail.trim().split('\n').slice(-3).join(' | ').slice(0, 400);
    gone = (method, id) =>
      new ServerExitedError(
        `the server exited (${status}) before answering ${method} (id ${id})` +
          (stderr === '' ? '' : `; stderr: ${stderr}`),
      );
    pending.rejectAll(gone);
  });

  return {
    kind: 'stdio',
    received,
    noise,
    child,
    get gone() {
      return goneText;
    },
    request(method: string, params?: JsonObject, options: RequestOptions = {}) {
      const { id, response } = pending.register(method, options.timeoutMs ?? defaultTimeoutMs);
      if (gone !== undefined) pending.rejectAll(gone);
      write(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
      return response;
    },
    async notify(method: string, params?: JsonObject) {
      write(params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params });
    },
    sendRaw(text: string): Promise<RawAnswer> {
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve({ messages: [] }), 2_000);
        rawWaiters.push((message) => {
          clearTimeout(timer);
          resolve({ messages: [message] });
        });
        if (!exited) child.stdin?.write(`${text}\n`);
      });
    },
    async close() {
      closing = true;
      if (exited) return;
      child.stdin?.end();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          if (child.pid !== undefined && !exited) {
            try {
              process.kill(-child.pid, 'SIGKILL');
            } catch (error) {
              if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
            }
          }
          resolve();
        }, 2_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        if (child.pid !== undefined) {
          try {
            process.kill(-child.pid, 'SIGTERM');
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
          }
        }
      });
    },
  };
}

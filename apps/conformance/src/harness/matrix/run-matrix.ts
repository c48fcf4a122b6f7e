import { type ChildProcess, spawn } from 'node:child_process';
import process from 'node:process';
import { spawnClient } from '../client-mode/spawn-client.js';
import type { MatrixCell } from '../types.js';
import {
  INTEROP_STEPS,
  INTEROP_TARGET_ENV,
  type InteropTarget,
  parseStepLines,
  type StepOutcome,
} from './interop-script.js';
import { runPooled } from './pool.js';

/** A server in the matrix: a stdio command, a URL, or a command that serves HTTP and prints its URL. */
export type MatrixServer =
  | { name: string; command: string | readonly string[] }
  | { name: string; url: string }
  | { name: string; httpCommand: string | readonly string[] };

/**
 * A client in the matrix: a shell command that runs the interop script. It finds the server in
 * env MCP_INTEROP_SERVER (JSON: `{transport: "stdio", command, args}` or `{transport: "http", url}`),
 * also gets the URL (or `stdio`) as its last argument, and prints one `MCP-INTEROP {...}` line per
 * step (see interop-script.ts; dist/harness/matrix/drivers/ holds drivers for three SDKs).
 */
export interface MatrixClient {
  name: string;
  command: string;
}

export interface MatrixOptions {
  servers: readonly MatrixServer[];
  clients: readonly MatrixClient[];
  /** How long one client run may take before it is killed (default 60 000 ms). */
  timeoutMs?: number;
  /** Cells run at the same time (default 2). */
  concurrency?: number;
  /** Called after each cell, e.g. for a progress line. */
  onCell?: (cell: MatrixCell, done: number, total: number) => void;
}

/** argv of a server command: a string runs through `sh -c exec`, so the shell does not linger. */
function argvOf(command: string | readonly string[]): { command: string; args: string[] } {
  if (typeof command === 'string') return { command: '/bin/sh', args: ['-c', `exec ${command}`] };
  const [program, ...args] = command;
  if (program === undefined) throw new Error('a matrix server command is an empty argv');
  return { command: program, args };
}

interface StartedHttpServer {
  url: string;
  child: ChildProcess;
}

const URL_PATTERN = /https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d+[^\s"']*/;

/** Starts a command that serves HTTP and resolves with the first loopback URL it prints. */
export function startHttpServerCommand(
  command: string | readonly string[],
  timeoutMs = 30_000,
): Promise<StartedHttpServer> {
  const argv = argvOf(command);
  const child = spawn(argv.command, argv.args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => {
      stopProcessGroup(child);
      reject(
        new Error(
          `the HTTP server command printed no loopback URL within ${timeoutMs} ms; output: ${seen.slice(-300)}`,
        ),
      );
    }, timeoutMs);
    const onText = (text: Buffer) => {
      seen += text.toString('utf8');
      const match = URL_PATTERN.exec(seen);
      if (match === null) return;
      clearTimeout(timer);
      child.stdout?.removeAllListeners('data');
      child.stderr?.removeAllListeners('data');
      // Keep draining, so a chatty server never blocks on a full pipe.
      child.stdout?.resume();
      child.stderr?.resume();
      resolve({ url: match[0], child });
    };
    child.stdout?.on('data', onText);
    child.stderr?.on('data', onText);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(
        new Error(
          `the HTTP server command exited with code ${code} before printing a URL; output: ${seen.slice(-300)}`,
        ),
      );
    });
  });
}

export function stopProcessGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** One cell: the client runs the interop script once against the server. */
async function runCell(
  server: string,
  target: InteropTarget,
  client: MatrixClient,
  timeoutMs: number,
): Promise<MatrixCell> {
  const env = { [INTEROP_TARGET_ENV]: JSON.stringify(target) };
  const run = spawnClient(client.command, env, target.transport === 'http' ? target.url : 'stdio');
  let stdout = '';
  let stderr = '';
  run.child.stdout?.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
  });
  run.child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    stderr = (stderr + text).slice(-2000);
  });
  run.child.stdin?.end();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    run.kill();
  }, timeoutMs);
  const exitCode = await run.exited;
  clearTimeout(timer);
  run.kill();
  return cellFrom(server, client.name, parseStepLines(stdout), { exitCode, timedOut, timeoutMs, stderr });
}

/** Counts the steps into a cell; steps the client never reported count as failed. */
export function cellFrom(
  server: string,
  client: string,
  steps: readonly StepOutcome[],
  run: { exitCode: number | null; timedOut: boolean; timeoutMs: number; stderr: string },
): MatrixCell {
  const counts = { passed: 0, failed: 0, notApplicable: 0 };
  const notes: string[] = [];
  for (const step of INTEROP_STEPS) {
    const outcome = steps.find((candidate) => candidate.step === step);
    if (outcome === undefined) {
      counts.failed++;
      notes.push(`${step}: not reported`);
    } else if (outcome.verdict === 'pass') counts.passed++;
    else if (outcome.verdict === 'fail') {
      counts.failed++;
      notes.push(`${step}: ${outcome.detail ?? 'failed'}`);
    } else counts.notApplicable++;
  }
  if (run.timedOut) notes.push(`client killed after ${run.timeoutMs} ms`);
  else if (run.exitCode !== 0) notes.push(`client exit code ${run.exitCode}`);
  if (counts.failed > 0 && run.stderr.trim() !== '')
    notes.push(`stderr: ${run.stderr.trim().split('\n').slice(-2).join(' | ').slice(0, 300)}`);
  const verdict = counts.failed > 0 ? 'fail' : counts.passed > 0 ? 'pass' : 'not-applicable';
  const passedNote = steps.map((step) => `${step.step}: ${step.detail ?? step.verdict}`).join('; ');
  const detail = notes.length > 0 ? notes.join('; ') : passedNote;
  return { server, client, verdict, ...counts, ...(detail ? { detail } : {}) };
}

/**
 * Matrix mode: every client against every server on the interop script. HTTP servers given as
 * commands are started once and shared by their row; stdio servers are spawned by each client.
 */
export async function runMatrix(options: MatrixOptions): Promise<MatrixCell[]> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const started: StartedHttpServer[] = [];
  try {
    const rows: { name: string; target: InteropTarget | Error }[] = [];
    for (const server of options.servers) {
      if ('url' in server) rows.push({ name: server.name, target: { transport: 'http', url: server.url } });
      else if ('command' in server)
        rows.push({ name: server.name, target: { transport: 'stdio', ...argvOf(server.command) } });
      else {
        try {
          const http = await startHttpServerCommand(server.httpCommand);
          started.push(http);
          rows.push({ name: server.name, target: { transport: 'http', url: http.url } });
        } catch (error) {
          rows.push({ name: server.name, target: error as Error });
        }
      }
    }
    const total = rows.length * options.clients.length;
    let done = 0;
    const tasks = rows.flatMap((row) =>
      options.clients.map((client) => async () => {
        const cell =
          row.target instanceof Error
            ? {
                server: row.name,
                client: client.name,
                verdict: 'fail' as const,
                passed: 0,
                failed: INTEROP_STEPS.length,
                notApplicable: 0,
                detail: `server did not start: ${row.target.message}`,
              }
            : await runCell(row.name, row.target, client, timeoutMs);
        options.onCell?.(cell, ++done, total);
        return cell;
      }),
    );
    return await runPooled(tasks, options.concurrency ?? 2);
  } finally {
    for (const http of started) stopProcessGroup(http.child);
  }
}

// Runs the built `mcpkit` command and the echo server as child processes, with bounded waits.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
/** The built CLI, as `npx mcpkit` runs it. */
export const CLI = `${repoRoot}packages/cli/bin/mcpkit.js`;
/** The built echo server. */
export const ECHO_SERVER = `${repoRoot}apps/echo-server/dist/bin.js`;
/** Arguments that make the CLI spawn the echo server over stdio. */
export const ECHO_STDIO = ['--', process.execPath, ECHO_SERVER, '--stdio', '--quiet'];

/** What one run of the CLI printed and how it exited. */
export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `mcpkit …args` to completion (killed after 25 s, so a hang fails the test instead of stalling it). */
export function runMcpkit(args: readonly string[], cwd = repoRoot): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd, timeout: 25_000 }, (error, stdout, stderr) => {
      const status = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      resolve({ status, stdout, stderr });
    });
  });
}

/** A running echo server over Streamable HTTP on 127.0.0.1 and a free port. */
export interface HttpEchoServer {
  url: string;
  process: ChildProcess;
}

/** Starts the echo server with `--http --port 0` and reads the URL from its banner (within 20 s). */
export function startHttpEchoServer(): Promise<HttpEchoServer> {
  const child = spawn(process.execPath, [ECHO_SERVER, '--http', '--port', '0', '--host', '127.0.0.1'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let banner = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`the echo server printed no URL within 20 s; stderr: ${banner}`));
    }, 20_000);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      banner += chunk;
      const match = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(banner);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1]!, process: child });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the echo server exited with ${code} before listening; stderr: ${banner}`));
    });
  });
}

/** Ends a child and waits for it to exit. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

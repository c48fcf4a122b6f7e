// Child processes of the tests: started with bounded waits, every one killed by `stopAll()`.
import { type ChildProcess, spawn } from 'node:child_process';

const children = new Set<ChildProcess>();

/** Kills `child` with the others in `stopAll()`. */
export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** How long a server may take to say it listens (a cold Deno start on a loaded machine is slow). */
export const START_TIMEOUT_MS = 25_000;

function describeCommand(command: string, args: readonly string[]): string {
  return [command, ...args].join(' ');
}

/**
 * Starts a server that prints `listening <url>` on stdout, and resolves with that URL. Rejects
 * with the server's output if it exits first or says nothing within `START_TIMEOUT_MS`.
 */
export function startListening(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ url: URL; child: ChildProcess; stderr: () => string }> {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let stdout = '';
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      reject(new Error(`${describeCommand(command, args)}: ${why}\nstdout: ${stdout}\nstderr: ${stderr}`));
    };
    const timer = setTimeout(
      () => fail(`no "listening <url>" within ${START_TIMEOUT_MS} ms`),
      START_TIMEOUT_MS,
    );
    child.once('error', (error) => fail(`could not start: ${error.message}`));
    child.once('exit', (code, signal) => fail(`exited (code ${code}, signal ${signal}) before listening`));
    child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
      const match = /listening (http:\/\/\S+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        child.once('exit', () => children.delete(child));
        resolve({ url: new URL(match[1]!), child, stderr: () => stderr });
      }
    });
  });
}

/** Runs a command to its end (killed after `timeoutMs`) and gives its exit code and output. */
export function runToEnd(
  command: string,
  args: readonly string[],
  timeoutMs: number,
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
  });
  child.stderr!.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stderr += `\n[killed: still running after ${timeoutMs} ms]`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      children.delete(child);
      reject(new Error(`${describeCommand(command, args)} could not start: ${error.message}`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** SIGTERM to every child still running, SIGKILL to those alive 5 s later; resolves when all exited. */
export async function stopAll(): Promise<void> {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) {
            children.delete(child);
            resolve();
            return;
          }
          const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
          child.once('exit', () => {
            clearTimeout(force);
            children.delete(child);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

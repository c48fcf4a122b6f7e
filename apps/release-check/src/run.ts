// Runs a command as a real child process and collects what it printed, with a hard time bound.
import { spawn } from 'node:child_process';

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Killed (SIGKILL) after this long; the promise then rejects naming the command. */
  timeoutMs: number;
}

export function run(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  const shown = [command, ...args].join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`${shown} (in ${options.cwd}) did not finish within ${options.timeoutMs} ms:\n${stderr}`),
      );
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${shown} could not start: ${error.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** `run`, rejecting with the command's output when it exits with anything but 0. */
export async function runOk(
  command: string,
  args: readonly string[],
  options: RunOptions,
): Promise<RunResult> {
  const result = await run(command, args, options);
  if (result.code !== 0) {
    throw new Error(
      `${[command, ...args].join(' ')} (in ${options.cwd}) exited with ${result.code}, expected 0:\n` +
        `${result.stdout}\n${result.stderr}`,
    );
  }
  return result;
}

/** The environment without the npm_config_* settings a parent pnpm/npm passes down, so flags decide. */
export function cleanNpmEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^npm_/i.test(key) && !/^pnpm_/i.test(key)) env[key] = value;
  }
  return {
    ...env,
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    ...extra,
  };
}

export function progress(text: string): void {
  process.stdout.write(`[release-check] ${text}\n`);
}

export interface LongRunning {
  /**
   * Resolves with the first match of `pattern` in `stream` (default stdout); rejects after
   * `timeoutMs` or if the process exits.
   */
  waitForOutput(pattern: RegExp, timeoutMs: number, stream?: 'stdout' | 'stderr'): Promise<RegExpMatchArray>;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`; resolves once it has exited. */
  stop(graceMs: number): Promise<number | null>;
  output(): string;
}

/** A process that keeps running (a server): started, watched, always stopped by the caller. */
export function startProcess(
  command: string,
  args: readonly string[],
  options: Omit<RunOptions, 'timeoutMs'>,
) {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) => {
    child.on('close', (code) => {
      exitCode = code;
      resolve(code);
    });
  });
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  const handle: LongRunning = {
    async waitForOutput(pattern, timeoutMs, stream = 'stdout') {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const match = (stream === 'stdout' ? stdout : stderr).match(pattern);
        if (match) return match;
        if (exitCode !== undefined) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(
        `${command} ${args.join(' ')} printed no ${pattern} on ${stream} within ${timeoutMs} ms` +
          `${exitCode === undefined ? '' : ` (exited with ${exitCode})`}:\n${stdout}\n${stderr}`,
      );
    },
    async stop(graceMs) {
      if (exitCode !== undefined) return exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
    output: () => `${stdout}\n${stderr}`,
  };
  return handle;
}

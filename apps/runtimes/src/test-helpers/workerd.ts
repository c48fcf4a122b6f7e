// A Worker served by `workerd serve`: the fixture bundled with esbuild, a generated Cap'n Proto
// config naming it, and the port workerd picked read from its control descriptor (`--control-fd`,
// one JSON line per socket once it listens), so nothing guesses a free port.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { build } from 'esbuild';
import { workerdBinary } from './binaries.js';
import { START_TIMEOUT_MS, track } from './processes.js';

/** Must not be later than the workerd binary's own date (workerd refuses it). */
export const COMPATIBILITY_DATE = '2026-10-01';

function capnpConfig(moduleFile: string): string {
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [ (name = "main", worker = .mcpWorker) ],
  sockets = [ (name = "http", address = "127.0.0.1:0", http = (), service = "main") ],
);

const mcpWorker :Workerd.Worker = (
  modules = [ (name = "worker", esModule = embed "${moduleFile}") ],
  compatibilityDate = "${COMPATIBILITY_DATE}",
);
`;
}

/** Bundles `entry` for Workers (browser conditions, ESM, no Node built-ins) into a fresh folder. */
export async function bundleWorker(entry: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'mcpkit-workerd-'));
  await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker'],
    outfile: join(dir, 'worker.js'),
    logLevel: 'silent',
  });
  writeFileSync(join(dir, 'config.capnp'), capnpConfig('worker.js'));
  return dir;
}

/** Starts `workerd serve` on the bundle in `dir` and resolves with the Worker's MCP endpoint. */
export function serveWorker(dir: string): Promise<{ url: URL; stderr: () => string }> {
  const child = track(
    spawn(workerdBinary(), ['serve', join(dir, 'config.capnp'), '--control-fd=3'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    }),
  );
  let output = '';
  let control = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => {
    output += text;
  });
  child.stderr!.setEncoding('utf8').on('data', (text: string) => {
    output += text;
  });
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      reject(new Error(`workerd serve ${dir}/config.capnp: ${why}\noutput: ${output}\ncontrol: ${control}`));
    };
    const timer = setTimeout(
      () => fail(`did not report a listening port within ${START_TIMEOUT_MS} ms`),
      START_TIMEOUT_MS,
    );
    child.once('error', (error) => fail(`could not start: ${error.message}`));
    child.once('exit', (code, signal) => fail(`exited (code ${code}, signal ${signal}) before listening`));
    (child.stdio[3] as Readable).setEncoding('utf8').on('data', (text: string) => {
      control += text;
      for (const line of control.split('\n').slice(0, -1)) {
        const message = JSON.parse(line) as { event?: string; socket?: string; port?: number };
        if (message.event === 'listen' && message.socket === 'http' && message.port) {
          clearTimeout(timer);
          child.removeAllListeners('exit');
          resolve({ url: new URL(`http://127.0.0.1:${message.port}/mcp`), stderr: () => output });
          return;
        }
      }
    });
  });
}

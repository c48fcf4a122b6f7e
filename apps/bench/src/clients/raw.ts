import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { lineSplitter } from '../servers/line-splitter.js';
import { connectRawHttp } from './raw-http.js';
import { benchClientOver, initializeParams, MODERN_ENVELOPE, RawCorrelator } from './raw-rpc.js';
import type { BenchClient, ClientFactory, StdioTarget, Wire } from './types.js';

// Raw baseline clients: plain JSON.parse/JSON.stringify over a child's pipes (here), or undici's
// Pool over HTTP (raw-http.ts).

/** A raw JSON-RPC connection to a stdio server (handshake done on the 2025 wire), and how to end it. */
export interface RawStdioConnection {
  rpc: RawCorrelator;
  close: () => Promise<void>;
}

/** Spawns `target` and opens a raw connection to it (shared by the raw client and the otel round-trip floor). */
export async function openRawStdio(target: StdioTarget, wire: Wire): Promise<RawStdioConnection> {
  const child: ChildProcessWithoutNullStreams = spawn(target.command, target.args, { stdio: 'pipe' });
  const rpc = new RawCorrelator(
    (message) => child.stdin.write(`${JSON.stringify(message)}\n`),
    wire === '2026' ? MODERN_ENVELOPE : undefined,
  );
  child.stdout.setEncoding('utf8');
  child.stdout.on(
    'data',
    lineSplitter((line) => rpc.receive(JSON.parse(line))),
  );
  child.stderr.pipe(process.stderr);
  child.on('exit', (code) => rpc.failAll(new Error(`server process exited with code ${code}`)));
  if (wire === '2025') {
    await rpc.request('initialize', initializeParams);
    rpc.notify('notifications/initialized');
  }
  const close = async () => {
    child.stdin.end();
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
  };
  return { rpc, close };
}

export async function connectRawStdio(target: StdioTarget, wire: Wire): Promise<BenchClient> {
  const { rpc, close } = await openRawStdio(target, wire);
  return benchClientOver(rpc, close);
}

export { connectRawHttp, postRaw, RAW_HTTP_CLIENT, rawHttpPool, sseMessages } from './raw-http.js';

export const rawClientFactory: ClientFactory = { connectStdio: connectRawStdio, connectHttp: connectRawHttp };

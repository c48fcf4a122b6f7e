// Load and soak against a real server process (the echo server over Streamable HTTP on 127.0.0.1):
// 1,000 concurrent sessions x 20 calls with zero errors allowed, then a 60-second soak at a steady
// rate whose server RSS must not grow beyond noise. Prints p50/p99 latency and peak RSS; exits 1 on a
// failure. Run by .ci/run as its own time-bounded step: `pnpm -C apps/integration-tests run load`.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SESSIONS = Number(process.env.LOAD_SESSIONS ?? 1000);
const CALLS = Number(process.env.LOAD_CALLS ?? 20);
const SOAK_SECONDS = Number(process.env.LOAD_SOAK_SECONDS ?? 60);
const SOAK_RATE = Number(process.env.LOAD_SOAK_RATE ?? 200); // calls per second
const SOAK_SESSIONS = 20;
const ECHO_BIN = fileURLToPath(new URL('../../../echo-server/dist/bin.js', import.meta.url));
const VERSION = '2025-11-25';

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return kib * 1024;
}

const mib = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MiB`;

async function startServer(): Promise<{ url: string; child: ChildProcess }> {
  // Every session here comes from 127.0.0.1, one client address, and this measures throughput, not
  // admission: the per-address cap (256 by default) is raised to let all of them in.
  const perAddress = String(SESSIONS + SOAK_SESSIONS);
  const args = [ECHO_BIN, '--http', '--port', '0', '--max-sessions-per-address', perAddress];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(
      () => reject(new Error(`the echo server printed no URL in 10 s: ${stderr}`)),
      10_000,
    );
    child.stderr?.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
      const match = /(http:\/\/\S+\/mcp)/.exec(stderr);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ url: match[1], child });
      }
    });
    child.once('exit', (code) => reject(new Error(`the echo server exited with ${code}: ${stderr}`)));
  });
}

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

async function rpc(
  url: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ result: unknown; session: string | null }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...HEADERS, ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${text.slice(0, 200)}`);
  if (text === '') return { result: undefined, session: response.headers.get('mcp-session-id') };
  const json = text.startsWith('{')
    ? JSON.parse(text)
    : JSON.parse(/^data: (.*)$/m.exec(text)?.[1] ?? 'null');
  if (json?.error) throw new Error(`JSON-RPC error ${json.error.code}: ${json.error.message}`);
  return { result: json?.result, session: response.headers.get('mcp-session-id') };
}

async function openSession(url: string, index: number): Promise<Record<string, string>> {
  const init = await rpc(
    url,
    {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: VERSION,
        capabilities: {},
        clientInfo: { name: `load-${index}`, version: '1' },
      },
    },
    {},
  );
  if (init.session === null) throw new Error('initialize returned no Mcp-Session-Id');
  const headers = { 'mcp-session-id': init.session, 'mcp-protocol-version': VERSION };
  await rpc(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers);
  return headers;
}

async function call(
  url: string,
  headers: Record<string, string>,
  id: number,
  message: string,
): Promise<number> {
  const started = performance.now();
  const { result } = await rpc(
    url,
    { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: { message } } },
    headers,
  );
  const text = (result as { content?: { text?: string }[] } | undefined)?.content?.[0]?.text;
  if (text !== message)
    throw new Error(`echo answered ${JSON.stringify(text)} to ${JSON.stringify(message)}`);
  return performance.now() - started;
}

/** fetch says only "fetch failed"; the causes underneath say what the network did. */
function describeFailure(error: unknown): string {
  const reasons: string[] = [];
  for (let current = error, depth = 0; current instanceof Error && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    reasons.push(typeof code === 'string' ? `${current.message} (${code})` : current.message);
    current = current.cause;
  }
  return reasons.join(': ');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function burst(url: string, pid: number): Promise<string[]> {
  const failures: string[] = [];
  const latencies: number[] = [];
  let peak = rssOf(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 100);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: SESSIONS }, async (_, index) => {
      try {
        const headers = await openSession(url, index);
        for (let n = 0; n < CALLS; n++) latencies.push(await call(url, headers, n + 1, `s${index}-c${n}`));
      } catch (error) {
        failures.push(`session ${index}: ${describeFailure(error)}`);
      }
    }),
  );
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  log(
    `load: ${SESSIONS} sessions x ${CALLS} calls: ${latencies.length} calls in ${seconds.toFixed(1)} s (${Math.round(latencies.length / seconds)} calls/s), ${failures.length} failed sessions`,
  );
  log(
    `load: latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms; server peak RSS ${mib(peak)}`,
  );
  if (latencies.length !== SESSIONS * CALLS)
    failures.push(`expected ${SESSIONS * CALLS} calls, completed ${latencies.length}`);
  return failures.slice(0, 5);
}

async function soak(url: string, pid: number): Promise<string[]> {
  const sessions = await Promise.all(
    Array.from({ length: SOAK_SESSIONS }, (_, index) => openSession(url, 10_000 + index)),
  );
  const samples: number[] = [];
  const failures: string[] = [];
  const interval = 1000 / SOAK_RATE;
  const end = performance.now() + SOAK_SECONDS * 1000;
  let sent = 0;
  let nextSample = performance.now();
  const inFlight = new Set<Promise<void>>();
  while (performance.now() < end) {
    if (performance.now() >= nextSample) {
      samples.push(rssOf(pid));
      nextSample += 5000;
    }
    const headers = sessions[sent % sessions.length] as Record<string, string>;
    const done = call(url, headers, sent, `soak-${sent}`).then(
      () => undefined,
      (error: Error) => void failures.push(`soak call ${sent}: ${error.message}`),
    );
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
    sent++;
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
  await Promise.all(inFlight);
  log(
    `soak: ${sent} calls over ${SOAK_SECONDS} s at ${SOAK_RATE}/s, ${failures.length} failed; server RSS ${samples.map(mib).join(' → ')}`,
  );
  // Compare the settled part of the run (after the first 15 s of warm-up) end against start.
  const settled = samples.slice(3);
  if (settled.length < 2) {
    log(`soak: too short (${SOAK_SECONDS} s) to judge RSS growth; the CI run lasts 60 s`);
    return failures.slice(0, 5);
  }
  const first = Math.min(...settled.slice(0, 2));
  const last = Math.min(...settled.slice(-2));
  const growth = last - first;
  log(`soak: settled RSS ${mib(first)} → ${mib(last)} (${growth >= 0 ? '+' : ''}${mib(growth)})`);
  // Noise on this machine is a few MiB of GC timing; a leak of even 100 bytes per call would add > 1 MiB.
  if (growth > Math.max(16 * 1048576, first * 0.25))
    failures.push(`server RSS grew by ${mib(growth)} during the soak`);
  return failures.slice(0, 5);
}

const { url, child } = await startServer();
let failures: string[] = [];
try {
  failures = [...(await burst(url, child.pid as number)), ...(await soak(url, child.pid as number))];
} finally {
  child.kill('SIGTERM');
}
for (const failure of failures) log(`FAILED: ${failure}`);
log(failures.length === 0 ? 'load and soak: passed' : `load and soak: ${failures.length} failure(s)`);
process.exitCode = failures.length === 0 ? 0 : 1;

// Benchmark of the engine against the floor it cannot beat: the same messages through raw
// JSON.stringify + JSON.parse. Run with `pnpm bench` after building. Not part of the public API.
import type { JSONObject, JSONRPCMessage } from '@mcpkit/protocol/essentials';
import { decodeMessage, encodeMessage } from '../codec.js';
import { JsonRpcPeer } from '../peer.js';
import { createInMemoryTransportPair } from '../testing/in-memory.js';
import type { Transport } from '../transport.js';

const ROUND_TRIPS = 50_000;
/** Concurrent callers: a busy server (the headline number) and strict one-at-a-time latency. */
const IN_FLIGHT_SETTINGS = [64, 1] as const;
const REPEATS = 9;

const params: JSONObject = {
  name: 'echo',
  arguments: { text: 'hello world', count: 42, flags: [true, false] },
};
const result: JSONObject = { content: [{ type: 'text', text: 'hello world' }], isError: false };

/** Wraps one end of the in-memory pair so every message really crosses as JSON text. */
class TextTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  readonly #inner: Transport;

  constructor(inner: Transport) {
    this.#inner = inner;
    inner.onmessage = (text) => this.onmessage?.(decodeMessage(text as unknown as string) as JSONRPCMessage);
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
  }
  start(): Promise<void> {
    return this.#inner.start();
  }
  send(message: JSONRPCMessage): Promise<void> {
    return this.#inner.send(encodeMessage(message) as unknown as JSONRPCMessage);
  }
  close(): Promise<void> {
    return this.#inner.close();
  }
}

async function engineRun(inFlight: number): Promise<number> {
  const [left, right] = createInMemoryTransportPair();
  const caller = new JsonRpcPeer();
  const answerer = new JsonRpcPeer();
  answerer.setRequestHandler('tools/call', () => result);
  await answerer.connect(new TextTransport(right));
  await caller.connect(new TextTransport(left));
  const started = performance.now();
  let issued = 0;
  // `inFlight` workers each keep one request outstanding, like concurrent callers would.
  const worker = async () => {
    while (issued < ROUND_TRIPS) {
      issued++;
      await caller.request('tools/call', params);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  const seconds = (performance.now() - started) / 1000;
  await caller.close();
  return (ROUND_TRIPS * 2) / seconds;
}

function rawRun(): number {
  let sink = 0;
  const started = performance.now();
  for (let id = 0; id < ROUND_TRIPS; id++) {
    const request = JSON.parse(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params }));
    const response = JSON.parse(JSON.stringify({ jsonrpc: '2.0', id: request.id, result }));
    sink += response.id;
  }
  const seconds = (performance.now() - started) / 1000;
  if (sink < 0) throw new Error('unreachable: keeps the work observable');
  return (ROUND_TRIPS * 2) / seconds;
}

/** The best run: the one least disturbed by other work on the machine (GC, other processes). */
function best(values: number[]): number {
  return Math.max(...values);
}

function format(rate: number): string {
  return `${Math.round(rate).toLocaleString('en-US')} msg/s`;
}

async function main(): Promise<void> {
  // Warm up every path so the JIT has compiled them before measuring.
  rawRun();
  for (const inFlight of IN_FLIGHT_SETTINGS) await engineRun(inFlight);
  const raw: number[] = [];
  const engine = new Map<number, number[]>(IN_FLIGHT_SETTINGS.map((inFlight) => [inFlight, []]));
  // Interleaved, so that load from elsewhere on the machine hits both sides alike.
  for (let repeat = 0; repeat < REPEATS; repeat++) {
    raw.push(rawRun());
    for (const inFlight of IN_FLIGHT_SETTINGS) engine.get(inFlight)!.push(await engineRun(inFlight));
  }
  const rawRate = best(raw);
  const lines = [
    `@mcpkit/jsonrpc engine benchmark: ${ROUND_TRIPS.toLocaleString('en-US')} request/response round trips per run, best of ${REPEATS} runs`,
    `  raw JSON.stringify + JSON.parse of the same messages: ${format(rawRate)}`,
  ];
  for (const inFlight of IN_FLIGHT_SETTINGS) {
    const rate = best(engine.get(inFlight)!);
    const ratio = ((rate / rawRate) * 100).toFixed(1);
    lines.push(
      `  engine, ${String(inFlight).padStart(2)} in flight (encode + decode + dispatch, in-memory pair): ${format(rate)} = ${ratio}% of raw (target >= 60%)`,
    );
  }
  // biome-ignore lint/suspicious/noConsole: printing the result is the benchmark's purpose
  console.log(lines.join('\n'));
}

await main();

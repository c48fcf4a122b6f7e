import { performance } from 'node:perf_hooks';
import { context, defaultTextMapSetter, SpanKind, trace } from '@opentelemetry/api';
import { openRawHttp } from '../clients/raw-http.js';
import { benchClientOver } from '../clients/raw-rpc.js';
import { firstText } from '../clients/types.js';
import { loadClientFactory } from '../drivers/targets.js';
import { lineSplitter } from '../servers/line-splitter.js';
import { FLOOR_HTTP_ATTRIBUTES, FLOOR_SPAN_NAME } from './floor.js';
import { type BenchTelemetry, benchTelemetry, benchTelemetryWithoutContextManager } from './setup.js';

// The client half of the HTTP SDK floor (http-floor.ts), one process per side of its rotation, so
// the context manager of the SDK sides (promise hooks on Node < 24) never touches the raw side:
//   raw         the raw HTTP client (undici Pool, clients/raw-http.ts) exactly as the raw rows run it
//   sdk         the same client plus exactly the SDK calls any MCP client instrumentation makes per
//               call: a CLIENT span with @mcpkit/otel's HTTP attributes, its context injected into the
//               request's `params._meta`, active while the request is sent, `jsonrpc.request.id` set
//               and the span ended when the answer comes (the "-otel" rows' SDK setup)
//   sdk-no-cm   the same SDK calls with no context manager registered (explicit parents)
//   mcpkit, mcpkit-otel  mcpkit's client as http-stateful-json-sequential(-otel) runs it, so the
//               floor's rotation also holds the on/off ratio it caps, under the same load
// `node http-floor-client.js <mode> <url>`; each stdin line `<calls> <offset>` runs that many
// sequential echo calls and answers one stdout line: {"latencies":[us...],"cpuMicros":n}.

type Echo = (text: string) => Promise<string>;

async function sdkEcho(url: string, telemetry: BenchTelemetry) {
  const { rpc, sessionId, close } = await openRawHttp(url, '2025');
  const { tracerProvider, propagator } = telemetry;
  const tracer = tracerProvider.getTracer('bench-floor');
  const target = new URL(url);
  const attributes: Record<string, string | number> = {
    ...FLOOR_HTTP_ATTRIBUTES,
    'server.address': target.hostname,
    'server.port': Number(target.port),
  };
  const session = sessionId();
  if (session !== undefined) attributes['mcp.session.id'] = session;
  let requestId = 1; // the initialize request took id 1; the correlator numbers on from there
  const echo: Echo = async (text) => {
    const parent = context.active();
    const span = tracer.startSpan(FLOOR_SPAN_NAME, { kind: SpanKind.CLIENT, attributes }, parent);
    const withSpan = trace.setSpan(parent, span);
    const meta: Record<string, string> = {};
    propagator.inject(withSpan, meta, defaultTextMapSetter);
    const params = { name: 'echo', arguments: { text }, _meta: meta };
    const result = await context.with(withSpan, () => rpc.request('tools/call', params));
    span.setAttribute('jsonrpc.request.id', String(++requestId));
    span.end();
    return firstText(result);
  };
  return {
    echo,
    async close() {
      await close();
      await tracerProvider.shutdown();
    },
  };
}

async function connect(mode: string, url: string): Promise<{ echo: Echo; close(): Promise<void> }> {
  switch (mode) {
    case 'raw': {
      const { rpc, close } = await openRawHttp(url, '2025');
      return benchClientOver(rpc, close);
    }
    case 'sdk':
      return sdkEcho(url, benchTelemetry());
    case 'sdk-no-cm':
      return sdkEcho(url, benchTelemetryWithoutContextManager());
    case 'mcpkit':
    case 'mcpkit-otel': {
      const factory = await loadClientFactory('mcpkit');
      return factory.connectHttp(url, '2025', { otel: mode === 'mcpkit-otel' });
    }
    default:
      throw new Error(
        `http-floor-client: mode must be raw, sdk, sdk-no-cm, mcpkit or mcpkit-otel, got ${mode}`,
      );
  }
}

const [mode = '', url = ''] = process.argv.slice(2);
const client = await connect(mode, url);

async function batch(calls: number, offset: number): Promise<void> {
  const latencies: number[] = [];
  const before = process.cpuUsage();
  for (let i = 0; i < calls; i++) {
    const text = `message ${offset + i}`;
    const started = performance.now();
    const echoed = await client.echo(text);
    latencies.push(Math.round((performance.now() - started) * 10_000) / 10);
    if (echoed !== text)
      throw new Error(`echo returned ${JSON.stringify(echoed)}, expected ${JSON.stringify(text)}`);
  }
  const used = process.cpuUsage(before);
  process.stdout.write(`${JSON.stringify({ latencies, cpuMicros: used.user + used.system })}\n`);
}

// One batch at a time: the driver waits for each answer before sending the next line.
let queue = Promise.resolve();
process.stdin.setEncoding('utf8');
process.stdin.on(
  'data',
  lineSplitter((line) => {
    const [calls, offset] = line.split(' ').map(Number);
    queue = queue.then(() => batch(calls!, offset!));
    queue.catch((error: Error) => {
      process.stderr.write(`http-floor-client ${mode}: ${error.stack ?? error.message}\n`);
      process.exit(1);
    });
  }),
);
process.stdin.on('end', () => {
  void queue.then(() => client.close()).then(() => process.exit(0));
});

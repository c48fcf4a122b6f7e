import { context, defaultTextMapGetter, SpanKind, trace } from '@opentelemetry/api';
import { lineSplitter } from '../servers/line-splitter.js';
import { handleRawMessage } from '../servers/raw-handler.js';
import { FLOOR_ATTRIBUTES, FLOOR_SPAN_NAME } from './floor.js';
import { benchTelemetry } from './setup.js';

// The server half of the round-trip SDK floor (roundtrip-floor.ts): the raw stdio server
// (servers/raw-stdio.ts) plus exactly the SDK calls any server instrumentation makes per request:
// extract the caller's trace context from `params._meta`, start a SERVER span with that parent, make
// it active while the request is answered, end it. Nothing else: no MCP SDK, no @mcpkit/otel.

const { tracerProvider, propagator } = benchTelemetry();
const tracer = tracerProvider.getTracer('bench-floor');

const write = (message: unknown): void => {
  process.stdout.write(`${JSON.stringify(message)}\n`);
};

type Json = Record<string, any>;

function answer(message: Json): Json | undefined {
  return handleRawMessage(message, write, 'basic');
}

function answerInSpan(message: Json): Json | undefined {
  if (message.id === undefined) return answer(message);
  const parent = propagator.extract(context.active(), message.params?._meta, defaultTextMapGetter);
  const span = tracer.startSpan(
    FLOOR_SPAN_NAME,
    { kind: SpanKind.SERVER, attributes: { ...FLOOR_ATTRIBUTES, 'jsonrpc.request.id': String(message.id) } },
    parent,
  );
  const response = context.with(trace.setSpan(parent, span), answer, undefined, message);
  span.end();
  return response;
}

process.stdin.setEncoding('utf8');
process.stdin.on(
  'data',
  lineSplitter((line) => {
    const response = answerInSpan(JSON.parse(line));
    if (response) write(response);
  }),
);
// The batch processor's timer would keep the process alive after its stdin closes.
process.stdin.on('end', () => {
  void tracerProvider.shutdown();
});

import type { IncomingMessage } from 'node:http';
import { context, defaultTextMapGetter, SpanKind, trace } from '@opentelemetry/api';
import { isMainModule, parseHttpServerArgs } from '../servers/http-host.js';
import { type Emit, handleRawMessage } from '../servers/raw-handler.js';
import { startHttpServer } from '../servers/raw-http.js';
import { FLOOR_HTTP_ATTRIBUTES, FLOOR_SPAN_NAME } from './floor.js';
import { type BenchTelemetry, benchTelemetry, benchTelemetryWithoutContextManager } from './setup.js';

// The server half of the HTTP SDK floor (http-floor.ts): the raw node:http server (servers/raw-http.ts,
// the same code, sessions and answers) plus exactly the SDK calls any MCP server instrumentation makes
// per request: extract the caller's trace context from `params._meta`, start a SERVER span with that
// parent and the attributes @mcpkit/otel gives it over HTTP, make it active while the request is
// answered, end it. Nothing of mcpkit. `--no-context-manager`: the same calls with no context manager
// registered (parents passed explicitly; `context.with` only calls its function).

type Json = Record<string, any>;

function spannedAnswer({ tracerProvider, propagator }: BenchTelemetry) {
  const tracer = tracerProvider.getTracer('bench-floor');
  return (message: Json, emit: Emit, toolSet: 'basic' | 'wide', req: IncomingMessage): Json | undefined => {
    if (message.id === undefined) return handleRawMessage(message, emit, toolSet);
    const parent = propagator.extract(context.active(), message.params?._meta, defaultTextMapGetter);
    const attributes: Record<string, string> = {
      ...FLOOR_HTTP_ATTRIBUTES,
      'jsonrpc.request.id': String(message.id),
    };
    const session = req.headers['mcp-session-id'];
    if (typeof session === 'string') attributes['mcp.session.id'] = session;
    const span = tracer.startSpan(FLOOR_SPAN_NAME, { kind: SpanKind.SERVER, attributes }, parent);
    const response = context.with(
      trace.setSpan(parent, span),
      handleRawMessage,
      undefined,
      message,
      emit,
      toolSet,
    );
    span.end();
    return response;
  };
}

if (isMainModule(import.meta.url)) {
  const argv = process.argv.slice(2);
  const telemetry = argv.includes('--no-context-manager')
    ? benchTelemetryWithoutContextManager()
    : benchTelemetry();
  const running = await startHttpServer(parseHttpServerArgs(argv), spannedAnswer(telemetry));
  process.stdout.write(`PORT ${running.port}\n`);
  process.stdin.resume();
  // The batch processor's timer would keep the process alive after its stdin closes.
  process.stdin.on('end', () => {
    void Promise.all([running.close(), telemetry.tracerProvider.shutdown()]).then(() => process.exit(0));
  });
}

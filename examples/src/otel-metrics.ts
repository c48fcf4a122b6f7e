// Metrics for an MCP server over HTTP with OpenTelemetry, through the handler's `observe` hooks,
// plus the operator's side: a health endpoint that says "draining" on shutdown, and a rate limit.
// Only `@opentelemetry/api` is used: register a MeterProvider from the OpenTelemetry SDK (with the
// exporter you run) before this module, and these instruments report through it; without one they
// are no-ops and cost next to nothing.
//
// Run:  pnpm -C examples build && PORT=3000 node examples/dist/otel-metrics.js
//       curl http://127.0.0.1:3000/healthz

import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { metrics } from '@opentelemetry/api';
import { createDemoServer } from './demo-server.js';

const meter = metrics.getMeter('mcpkit-example');
const httpRequests = meter.createCounter('mcp.server.http.requests', {
  description: 'HTTP requests answered by the MCP handler, by method and status',
});
const callDuration = meter.createHistogram('mcp.server.call.duration', {
  description: 'Time from a JSON-RPC request reaching the server to its answer',
  unit: 'ms',
});
const callErrors = meter.createCounter('mcp.server.call.errors', {
  description: 'JSON-RPC requests answered with an error, by method and code',
});

const server = createDemoServer();
const handler = createStreamableHttpHandler({
  onSession: (transport) => server.connect(transport),
  health: true,
  // 20 requests at once per principal (here: per client address), 10 a second after that.
  rateLimit: { requestsPerSecond: 10, burst: 20 },
  observe: {
    onResponse: ({ method, status }) =>
      httpRequests.add(1, { 'http.request.method': method, 'http.response.status_code': status }),
    onCall: ({ method, durationMs, error }) => {
      callDuration.record(durationMs, { 'rpc.method': method });
      if (error) callErrors.add(1, { 'rpc.method': method, 'rpc.jsonrpc.error_code': error.code });
    },
  },
});

// Gauges are read when the exporter collects, not pushed on every change.
meter
  .createObservableGauge('mcp.server.sessions', { description: 'Sessions held by this process' })
  .addCallback((result) => result.observe(handler.sessionCount));
meter
  .createObservableGauge('mcp.server.sse.buffered', {
    description: 'SSE bytes held for clients that are not reading',
    unit: 'By',
  })
  .addCallback((result) => result.observe(handler.sseBufferedBytes));

const { url, close } = await serve(handler, { port: Number(process.env.PORT ?? 3000) });
console.log(`MCP endpoint: ${new URL('/mcp', url)}`);
console.log(`Health: ${new URL('/healthz', url)}`);

// /healthz answers 503 "draining" from here on; in-flight requests finish, then the process exits.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void close());

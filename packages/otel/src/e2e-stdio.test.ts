// End to end over stdio: an instrumented McpClient spawns a real server process instrumented with
// @mcpkit/otel (test/fixtures/traced-stdio-server.mjs), which exports its spans over OTLP/HTTP to a
// receiver in this test. The trace context crosses the process boundary only inside params._meta.
import { fileURLToPath } from 'node:url';
import { McpClient } from '@mcpkit/client';
import { StdioClientTransport } from '@mcpkit/transport-stdio';
import { context, SpanKind } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { instrumentClient } from './client.js';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from './test-helpers/otlp-receiver.js';
import { points, type TestTelemetry, testTelemetry } from './test-helpers/telemetry.js';

const SERVER_SCRIPT = fileURLToPath(new URL('../test/fixtures/traced-stdio-server.mjs', import.meta.url));
const OTLP_SERVER = 2;
const OTLP_ERROR = 2;

let receiver: OtlpReceiver;
let telemetry: TestTelemetry;
const contextManager = new AsyncLocalStorageContextManager();

beforeAll(() => context.setGlobalContextManager(contextManager.enable()));
afterAll(() => context.disable());
afterEach(async () => {
  await receiver?.close();
  await telemetry?.shutdown();
});

function serverSpan(spans: ReceivedSpan[], name: string): ReceivedSpan {
  const found = spans.filter((span) => span.name === name && span.kind === OTLP_SERVER);
  if (found.length !== 1) throw new Error(`expected one server span "${name}", got ${found.length}`);
  return found[0]!;
}

describe('over stdio, across a real child process', () => {
  it('the client span is the parent of the server span; a failing tool and an unknown tool are errors on both sides', async () => {
    receiver = await startOtlpReceiver();
    telemetry = testTelemetry();
    const client = instrumentClient(new McpClient({ name: 'e2e', version: '1.0.0' }), {
      tracerProvider: telemetry.tracerProvider,
      meterProvider: telemetry.meterProvider,
      propagator: telemetry.propagator,
      transport: 'stdio',
    });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [SERVER_SCRIPT],
        env: { OTLP_TRACES_URL: receiver.url },
        stderr: 'inherit',
        gracefulExitTimeoutMs: 10_000,
      }),
    );
    const weather = await client.callTool({ name: 'get-weather', arguments: { city: 'Paris' } });
    expect(weather.content).toEqual([{ type: 'text', text: 'Sunny in Paris' }]);
    const broken = await client.callTool({ name: 'broken', arguments: {} });
    expect(broken.isError).toBe(true);
    await expect(client.callTool({ name: 'no-such-tool', arguments: {} })).rejects.toThrow();
    await client.close();

    // The server's initialize span, its three tools/call spans and the tool's own span.
    const received = await receiver.waitForSpans(5);
    // The handshake is traced on both sides, parent and child, with the negotiated revision.
    const clientInitialize = telemetry.span('initialize');
    const serverInitialize = serverSpan(received, 'initialize');
    expect(serverInitialize.traceId).toBe(clientInitialize.spanContext().traceId);
    expect(serverInitialize.parentSpanId).toBe(clientInitialize.spanContext().spanId);
    expect(serverInitialize.attributes).toMatchObject({
      'mcp.method.name': 'initialize',
      'mcp.protocol.version': '2025-11-25',
      'network.transport': 'pipe',
    });
    const clientWeather = telemetry.span('tools/call get-weather');
    const serverWeather = serverSpan(received, 'tools/call get-weather');
    expect(clientWeather.kind).toBe(SpanKind.CLIENT);
    expect(serverWeather.traceId).toBe(clientWeather.spanContext().traceId);
    expect(serverWeather.parentSpanId).toBe(clientWeather.spanContext().spanId);
    expect(serverWeather.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'get-weather',
      'gen_ai.operation.name': 'execute_tool',
      'network.transport': 'pipe',
      'mcp.protocol.version': clientWeather.attributes['mcp.protocol.version'],
    });
    expect(serverWeather.attributes['jsonrpc.request.id']).toMatch(/^\d+$/);
    // The tool's own span is a child of the server span (the span is active while the tool runs).
    const lookup = received.find((span) => span.name === 'lookup Paris')!;
    expect(lookup.parentSpanId).toBe(serverWeather.spanId);

    const serverBroken = serverSpan(received, 'tools/call broken');
    expect(serverBroken.status.code).toBe(OTLP_ERROR);
    expect(serverBroken.attributes['error.type']).toBe('tool_error');
    expect(serverBroken.parentSpanId).toBe(telemetry.span('tools/call broken').spanContext().spanId);
    expect(telemetry.span('tools/call broken').attributes['error.type']).toBe('tool_error');

    const serverUnknown = serverSpan(received, 'tools/call no-such-tool');
    const clientUnknown = telemetry.span('tools/call no-such-tool');
    expect(serverUnknown.status.code).toBe(OTLP_ERROR);
    expect(serverUnknown.attributes['error.type']).toMatch(/^-32\d{3}$/);
    expect(clientUnknown.attributes['error.type']).toBe(serverUnknown.attributes['error.type']);
    expect(clientUnknown.attributes['rpc.response.status_code']).toBe(serverUnknown.attributes['error.type']);

    // The client's histograms: one point per method/tool/outcome, and the session that closed.
    const operations = points(await telemetry.histogram('mcp.client.operation.duration'));
    expect(operations).toContainEqual({
      attributes: {
        'mcp.method.name': 'tools/call',
        'gen_ai.tool.name': 'get-weather',
        'gen_ai.operation.name': 'execute_tool',
        'mcp.protocol.version': clientWeather.attributes['mcp.protocol.version'],
        'network.transport': 'pipe',
      },
      count: 1,
    });
    const sessions = points(await telemetry.histogram('mcp.client.session.duration'));
    expect(sessions).toEqual([
      {
        attributes: {
          'network.transport': 'pipe',
          'mcp.protocol.version': clientWeather.attributes['mcp.protocol.version'],
        },
        count: 1,
      },
    ]);
  });
});

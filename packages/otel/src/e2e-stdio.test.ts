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

  it('a sampling request from inside a tool: tools/call SERVER -> sampling CLIENT (server) -> sampling SERVER (client); progress: CLIENT span (server) -> SERVER span (client)', async () => {
    receiver = await startOtlpReceiver();
    telemetry = testTelemetry();
    const client = instrumentClient(
      new McpClient(
        { name: 'e2e', version: '1.0.0' },
        {
          protocolVersion: '2025-11-25',
          sampling: () => {
            // A span of the client's handler: a child of the client's sampling SERVER span.
            telemetry.tracerProvider.getTracer('model').startSpan('chat model-1').end();
            return { role: 'assistant', content: { type: 'text', text: 'forty-two' }, model: 'model-1' };
          },
        },
      ),
      {
        tracerProvider: telemetry.tracerProvider,
        meterProvider: telemetry.meterProvider,
        propagator: telemetry.propagator,
        transport: 'stdio',
      },
    );
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [SERVER_SCRIPT],
        env: { OTLP_TRACES_URL: receiver.url },
        stderr: 'inherit',
        gracefulExitTimeoutMs: 10_000,
      }),
    );
    const progress: number[] = [];
    const result = await client.callTool(
      { name: 'ask-llm', arguments: { question: 'the answer?' } },
      { onprogress: (update) => progress.push(update.progress) },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'The model says: forty-two' }]);
    expect(progress).toEqual([1]);
    await client.close();

    // The server: initialize, tools/call, and the two CLIENT spans of what the tool sent.
    const received = await receiver.waitForSpans(4);
    const clientCall = telemetry.span('tools/call ask-llm');
    const serverCall = serverSpan(received, 'tools/call ask-llm');
    expect(serverCall.parentSpanId).toBe(clientCall.spanContext().spanId);
    const OTLP_CLIENT = 3;
    const samplingOut = received.find((span) => span.name === 'sampling/createMessage')!;
    expect(samplingOut.kind).toBe(OTLP_CLIENT);
    expect(samplingOut.traceId).toBe(clientCall.spanContext().traceId);
    expect(samplingOut.parentSpanId).toBe(serverCall.spanId);
    expect(samplingOut.attributes).toMatchObject({
      'mcp.method.name': 'sampling/createMessage',
      'mcp.protocol.version': '2025-11-25',
      'network.transport': 'pipe',
    });
    expect(samplingOut.attributes['jsonrpc.request.id']).toBeUndefined();
    // Across the process again: the client's SERVER span is a child of the server's CLIENT span.
    const samplingIn = telemetry.span('sampling/createMessage');
    expect(samplingIn.kind).toBe(SpanKind.SERVER);
    expect(samplingIn.spanContext().traceId).toBe(clientCall.spanContext().traceId);
    expect(samplingIn.parentSpanContext?.spanId).toBe(samplingOut.spanId);
    expect(samplingIn.parentSpanContext?.isRemote).toBe(true);
    expect(samplingIn.attributes).toMatchObject({
      'mcp.method.name': 'sampling/createMessage',
      'mcp.protocol.version': '2025-11-25',
      'network.transport': 'pipe',
    });
    expect(samplingIn.attributes['jsonrpc.request.id']).toMatch(/^\d+$/);
    expect(telemetry.span('chat model-1').parentSpanContext?.spanId).toBe(samplingIn.spanContext().spanId);
    // The progress notification the tool sent: a CLIENT span of the server, no request id.
    const progressOut = received.find((span) => span.name === 'notifications/progress')!;
    expect(progressOut.kind).toBe(OTLP_CLIENT);
    expect(progressOut.parentSpanId).toBe(serverCall.spanId);
    expect(progressOut.attributes['jsonrpc.request.id']).toBeUndefined();
    // The client received it as a SERVER span, the server's CLIENT span its parent.
    const progressIn = telemetry.span('notifications/progress');
    expect(progressIn.kind).toBe(SpanKind.SERVER);
    expect(progressIn.parentSpanContext?.spanId).toBe(progressOut.spanId);
    expect(progressIn.spanContext().traceId).toBe(clientCall.spanContext().traceId);
    expect(progressIn.attributes['jsonrpc.request.id']).toBeUndefined();
    // The client's notification to the server (after initialize) is a CLIENT span of its own.
    expect(telemetry.span('notifications/initialized').kind).toBe(SpanKind.CLIENT);
    // The client received as the receiver: mcp.server.operation.duration.
    expect(points(await telemetry.histogram('mcp.server.operation.duration'))).toEqual([
      {
        attributes: {
          'mcp.method.name': 'notifications/progress',
          'mcp.protocol.version': '2025-11-25',
          'network.transport': 'pipe',
        },
        count: 1,
      },
      {
        attributes: {
          'mcp.method.name': 'sampling/createMessage',
          'mcp.protocol.version': '2025-11-25',
          'network.transport': 'pipe',
        },
        count: 1,
      },
    ]);
  });

  it('a list change and a resource update the server sends outside a request: CLIENT span (server) -> SERVER span (client)', async () => {
    receiver = await startOtlpReceiver();
    telemetry = testTelemetry();
    const client = instrumentClient(new McpClient({ name: 'e2e', version: '1.0.0' }), {
      tracerProvider: telemetry.tracerProvider,
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
    await client.subscribeResource('station://paris', () => undefined);
    await client.callTool({ name: 'later', arguments: {} });
    const names = ['notifications/tools/list_changed', 'notifications/resources/updated'];
    const onClientSide = (name: string) =>
      telemetry.spans().find((span) => span.name === name && span.kind === SpanKind.SERVER);
    for (let round = 0; round < 400 && !names.every(onClientSide); round++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await client.close();
    // The server flushes its spans when its stdin ends.
    const received = await receiver.waitForSpans(6);
    for (
      let round = 0;
      round < 400 && !names.every((name) => received.some((span) => span.name === name));
      round++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    for (const name of names) {
      const sent = received.find((span) => span.name === name)!;
      expect(sent.kind, name).toBe(3); // OTLP CLIENT
      const onClient = onClientSide(name);
      expect(onClient, name).toBeDefined();
      expect(onClient!.spanContext().traceId).toBe(sent.traceId);
      expect(onClient!.parentSpanContext?.spanId).toBe(sent.spanId);
    }
    expect(received.find((span) => span.name === names[1])!.attributes).toMatchObject({
      'mcp.resource.uri': 'station://paris',
      'network.transport': 'pipe',
    });
  });
});

// End to end over Streamable HTTP: a real node:http server on 127.0.0.1 serving an instrumented
// McpServer, and clients over sockets. Client and server record into separate tracer providers, so
// the parent link can only have come over the wire: in params._meta, or, from a client that sends no
// _meta trace context, in the HTTP `traceparent` header.
import { McpClient } from '@mcpkit/client';
import { McpServer } from '@mcpkit/server';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { type ServerHandle, serve } from '@mcpkit/transport-http-server/node';
import { context, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { instrumentClient } from './client.js';
import { instrumentServer } from './server.js';
import { points, type TestTelemetry, testTelemetry } from './test-helpers/telemetry.js';

const HEADER_TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const HEADER_PARENT_ID = 'b7ad6b7169203331';

const contextManager = new AsyncLocalStorageContextManager();
beforeAll(() => context.setGlobalContextManager(contextManager.enable()));
afterAll(() => context.disable());

let serverSide: TestTelemetry;
let clientSide: TestTelemetry;
let http: ServerHandle | undefined;
const clients: McpClient[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  await http?.close();
  await serverSide?.shutdown();
  await clientSide?.shutdown();
});

async function startServer(): Promise<URL> {
  serverSide = testTelemetry();
  const server = instrumentServer(new McpServer({ name: 'traced-http', version: '1.0.0' }), {
    tracerProvider: serverSide.tracerProvider,
    meterProvider: serverSide.meterProvider,
    propagator: serverSide.propagator,
  });
  server.tool('get-weather', { inputSchema: { city: z.string() } }, ({ city }) => `Sunny in ${city}`);
  server.tool('broken', { inputSchema: {} }, () => {
    throw new Error('the weather station is down');
  });
  server.tool('ask-llm', { inputSchema: { question: z.string() } }, async ({ question }, ctx) => {
    const answer = await ctx.sample({
      messages: [{ role: 'user', content: { type: 'text', text: question } }],
      maxTokens: 10,
    });
    const content = answer.content;
    return !Array.isArray(content) && content.type === 'text' ? content.text : '?';
  });
  http = await serve(createStreamableHttpHandler({ server }));
  return new URL('/mcp', http.url);
}

describe('over Streamable HTTP on 127.0.0.1', () => {
  it('the client span is the parent of the server span, with the session id and HTTP attributes on both', async () => {
    const url = await startServer();
    clientSide = testTelemetry();
    const client = instrumentClient(new McpClient({ name: 'e2e', version: '1.0.0' }), {
      tracerProvider: clientSide.tracerProvider,
      meterProvider: clientSide.meterProvider,
      propagator: clientSide.propagator,
      serverUrl: url,
    });
    clients.push(client);
    await client.connect(new StreamableHttpClientTransport(url));
    await client.callTool({ name: 'get-weather', arguments: { city: 'Oslo' } });
    expect((await client.callTool({ name: 'broken', arguments: {} })).isError).toBe(true);

    const clientSpan = clientSide.span('tools/call get-weather');
    const server = serverSide.span('tools/call get-weather');
    expect(server.kind).toBe(SpanKind.SERVER);
    expect(server.spanContext().traceId).toBe(clientSpan.spanContext().traceId);
    expect(server.parentSpanContext?.spanId).toBe(clientSpan.spanContext().spanId);
    const sessionId = server.attributes['mcp.session.id'];
    expect(sessionId).toMatch(/\S/);
    expect(clientSpan.attributes).toMatchObject({
      'mcp.session.id': sessionId,
      'network.transport': 'tcp',
      'network.protocol.name': 'http',
      'server.address': '127.0.0.1',
      'server.port': Number(url.port),
    });
    expect(server.attributes).toMatchObject({ 'network.transport': 'tcp', 'network.protocol.name': 'http' });
    expect(serverSide.span('tools/call broken').status.code).toBe(SpanStatusCode.ERROR);
    expect(serverSide.span('tools/call broken').attributes['error.type']).toBe('tool_error');

    const operations = points(await serverSide.histogram('mcp.server.operation.duration'));
    expect(operations).toContainEqual({
      attributes: {
        'mcp.method.name': 'tools/call',
        'gen_ai.tool.name': 'get-weather',
        'gen_ai.operation.name': 'execute_tool',
        'mcp.protocol.version': server.attributes['mcp.protocol.version'],
        'network.transport': 'tcp',
        'network.protocol.name': 'http',
      },
      count: 1,
    });
  });

  it('a request without trace context in _meta takes its parent from the traceparent header', async () => {
    const url = await startServer();
    // Not instrumented: nothing goes into _meta, only the header every POST carries.
    const client = new McpClient({ name: 'plain', version: '1.0.0' });
    clients.push(client);
    await client.connect(
      new StreamableHttpClientTransport(url, {
        headers: { traceparent: `00-${HEADER_TRACE_ID}-${HEADER_PARENT_ID}-01` },
      }),
    );
    await client.callTool({ name: 'get-weather', arguments: { city: 'Rome' } });
    const span = serverSide.span('tools/call get-weather');
    expect(span.spanContext().traceId).toBe(HEADER_TRACE_ID);
    expect(span.parentSpanContext?.spanId).toBe(HEADER_PARENT_ID);
  });

  it('records mcp.server.session.duration when an HTTP session ends', async () => {
    const url = await startServer();
    const client = new McpClient({ name: 'plain', version: '1.0.0' });
    await client.connect(new StreamableHttpClientTransport(url));
    await client.listTools();
    await client.close(); // DELETE ends the session on the server
    await expect
      .poll(async () => points(await serverSide.histogram('mcp.server.session.duration')), {
        timeout: 10_000,
      })
      .toEqual([
        {
          attributes: {
            'network.transport': 'tcp',
            'network.protocol.name': 'http',
            'mcp.protocol.version': expect.any(String),
          },
          count: 1,
        },
      ]);
  });

  it('a sampling request from inside a tool: tools/call SERVER -> sampling CLIENT (server) -> sampling SERVER (client), over the wire', async () => {
    const url = await startServer();
    clientSide = testTelemetry();
    const client = instrumentClient(
      new McpClient(
        { name: 'e2e', version: '1.0.0' },
        {
          protocolVersion: '2025-11-25',
          sampling: () => ({ role: 'assistant', content: { type: 'text', text: 'forty-two' }, model: 'm' }),
        },
      ),
      {
        tracerProvider: clientSide.tracerProvider,
        meterProvider: clientSide.meterProvider,
        propagator: clientSide.propagator,
        serverUrl: url,
      },
    );
    clients.push(client);
    await client.connect(new StreamableHttpClientTransport(url));
    const result = await client.callTool({ name: 'ask-llm', arguments: { question: 'the answer?' } });
    expect(result.content).toEqual([{ type: 'text', text: 'forty-two' }]);

    const serverCall = serverSide.span('tools/call ask-llm');
    const samplingOut = serverSide.span('sampling/createMessage');
    expect(samplingOut.kind).toBe(SpanKind.CLIENT);
    expect(samplingOut.parentSpanContext?.spanId).toBe(serverCall.spanContext().spanId);
    expect(samplingOut.attributes).toMatchObject({
      'mcp.method.name': 'sampling/createMessage',
      'network.transport': 'tcp',
      'network.protocol.name': 'http',
      'mcp.session.id': serverCall.attributes['mcp.session.id'],
    });
    const samplingIn = clientSide.span('sampling/createMessage');
    expect(samplingIn.kind).toBe(SpanKind.SERVER);
    expect(samplingIn.spanContext().traceId).toBe(serverCall.spanContext().traceId);
    expect(samplingIn.parentSpanContext?.spanId).toBe(samplingOut.spanContext().spanId);
    expect(samplingIn.attributes['jsonrpc.request.id']).toMatch(/^\d+$/);
    // And the handshake: the server's initialize span is the client's child.
    expect(serverSide.span('initialize').parentSpanContext?.spanId).toBe(
      clientSide.span('initialize').spanContext().spanId,
    );
  });
});

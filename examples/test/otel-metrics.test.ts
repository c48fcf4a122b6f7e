// otel-metrics.ts as a process on 127.0.0.1: it serves the demo server with the observe hooks
// wired to @opentelemetry/api instruments (no-ops without an SDK), a health endpoint and a rate limit.
import { fileURLToPath } from 'node:url';
import { McpClient } from '@mcpkit/client';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { afterEach, describe, expect, it } from 'vitest';
import { exitOf, startHttpServer, stopAll } from './processes.js';

const script = fileURLToPath(new URL('../dist/otel-metrics.js', import.meta.url));

afterEach(() => stopAll());

describe('otel-metrics.ts', () => {
  it('serves the demo server with hooks, answers /healthz, and exits on SIGTERM', async () => {
    const server = await startHttpServer([script]);
    const health = await fetch(new URL('/healthz', server.url));
    expect(await health.json()).toEqual({ status: 'ready' });
    const client = new McpClient({ name: 'examples-test', version: '1.0.0' });
    await client.connect(new StreamableHttpClientTransport(server.url));
    expect((await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } })).structuredContent).toEqual({
      sum: 5,
    });
    await client.close();
    server.child.kill('SIGTERM');
    expect(await exitOf(server)).toBe(0);
  });
});

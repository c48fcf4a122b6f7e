import { McpClient } from '@mcpkit/client';
import { instrumentClient } from '@mcpkit/otel';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { StdioClientTransport } from '@mcpkit/transport-stdio';
import { benchTelemetry } from '../otel/setup.js';
import {
  assertWire,
  type BenchClient,
  CLIENT_INFO,
  type ClientFactory,
  type ConnectOptions,
  firstText,
  progressCounter,
  type Wire,
} from './types.js';

// mcpkit client (@mcpkit/client) over its stdio and Streamable HTTP transports, default options.

function wrap(client: McpClient): BenchClient {
  return {
    async echo(text) {
      return firstText(await client.callTool({ name: 'echo', arguments: { text } }));
    },
    async big() {
      return firstText(await client.callTool({ name: 'big', arguments: {} })).length;
    },
    async progress(count) {
      const counter = progressCounter();
      await client.callTool({ name: 'progress', arguments: { count } }, { onprogress: counter.onprogress });
      return counter.delivered();
    },
    async listTools() {
      return (await client.listTools()).tools.length;
    },
    close: () => client.close(),
  };
}

function newClient(wire: Wire, options: ConnectOptions | undefined, serverUrl?: string): McpClient {
  const client = new McpClient(CLIENT_INFO, {
    protocolVersion: wire === '2026' ? '2026-07-28' : '2025-11-25',
  });
  if (options?.otel === true)
    instrumentClient(client, {
      ...benchTelemetry(),
      ...(serverUrl ? { serverUrl } : { transport: 'stdio' }),
    });
  return client;
}

export const mcpkitClientFactory: ClientFactory = {
  async connectStdio(target, wire, options) {
    const client = newClient(wire, options);
    await client.connect(
      new StdioClientTransport({ command: target.command, args: target.args, stderr: 'inherit' }),
    );
    assertWire(wire, client.protocolVersion);
    return wrap(client);
  },
  async connectHttp(url, wire, options) {
    const client = newClient(wire, options, url);
    // The SEP-2243 headers of 2026-07-28 come from the client, which knows the tool definitions.
    await client.connect(new StreamableHttpClientTransport(url, { messageHeaders: client.messageHeaders }));
    assertWire(wire, client.protocolVersion);
    return wrap(client);
  },
};

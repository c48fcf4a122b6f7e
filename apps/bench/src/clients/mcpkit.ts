import { McpClient } from '@mcpkit/client';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { StdioClientTransport } from '@mcpkit/transport-stdio';
import {
  assertWire,
  type BenchClient,
  CLIENT_INFO,
  type ClientFactory,
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

const newClient = (wire: Wire) =>
  new McpClient(CLIENT_INFO, { protocolVersion: wire === '2026' ? '2026-07-28' : '2025-11-25' });

export const mcpkitClientFactory: ClientFactory = {
  async connectStdio(target, wire) {
    const client = newClient(wire);
    await client.connect(
      new StdioClientTransport({ command: target.command, args: target.args, stderr: 'inherit' }),
    );
    assertWire(wire, client.protocolVersion);
    return wrap(client);
  },
  async connectHttp(url, wire) {
    const client = newClient(wire);
    // The SEP-2243 headers of 2026-07-28 come from the client, which knows the tool definitions.
    await client.connect(new StreamableHttpClientTransport(url, { messageHeaders: client.messageHeaders }));
    assertWire(wire, client.protocolVersion);
    return wrap(client);
  },
};

import { McpClient } from '@mcpkit/client';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { StdioClientTransport } from '@mcpkit/transport-stdio';
import { type BenchClient, CLIENT_INFO, type ClientFactory, firstText, progressCounter } from './types.js';

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

export const mcpkitClientFactory: ClientFactory = {
  async connectStdio(target) {
    const client = new McpClient(CLIENT_INFO);
    await client.connect(
      new StdioClientTransport({ command: target.command, args: target.args, stderr: 'inherit' }),
    );
    return wrap(client);
  },
  async connectHttp(url) {
    const client = new McpClient(CLIENT_INFO);
    await client.connect(new StreamableHttpClientTransport(url));
    return wrap(client);
  },
};

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type BenchClient, CLIENT_INFO, type ClientFactory, firstText, progressCounter } from './types.js';

// Official SDK v1 client (@modelcontextprotocol/sdk).

function wrap(client: Client, terminate: () => Promise<void>): BenchClient {
  return {
    async echo(text) {
      return firstText(await client.callTool({ name: 'echo', arguments: { text } }));
    },
    async big() {
      return firstText(await client.callTool({ name: 'big', arguments: {} })).length;
    },
    async progress(count) {
      const counter = progressCounter();
      await client.callTool({ name: 'progress', arguments: { count } }, undefined, {
        onprogress: counter.onprogress,
      });
      return counter.delivered();
    },
    async listTools() {
      return (await client.listTools()).tools.length;
    },
    async close() {
      await terminate();
      await client.close();
    },
  };
}

// v1 speaks no 2026-07-28: the workloads of that wire list it as unsupported, so `wire` is always 2025.
export const officialV1ClientFactory: ClientFactory = {
  async connectStdio(target) {
    const client = new Client(CLIENT_INFO);
    await client.connect(
      new StdioClientTransport({ command: target.command, args: target.args, stderr: 'inherit' }),
    );
    return wrap(client, async () => undefined);
  },
  async connectHttp(url) {
    const client = new Client(CLIENT_INFO);
    const transport = new StreamableHTTPClientTransport(new URL(url));
    await client.connect(transport);
    return wrap(client, async () => {
      if (transport.sessionId) await transport.terminateSession();
    });
  },
};

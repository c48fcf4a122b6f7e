import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { type BenchClient, CLIENT_INFO, type ClientFactory, firstText, progressCounter } from './types.js';

// Official SDK v2 client (@modelcontextprotocol/client), default (2025-era) negotiation.

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
      await client.callTool({ name: 'progress', arguments: { count } }, { onprogress: counter.onprogress });
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

export const officialV2ClientFactory: ClientFactory = {
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

import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import {
  assertWire,
  type BenchClient,
  CLIENT_INFO,
  type ClientFactory,
  firstText,
  progressCounter,
  type Wire,
} from './types.js';

// Official SDK v2 client (@modelcontextprotocol/client): default (2025-era) negotiation, or
// pinned to 2026-07-28 for the stateless workloads.

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

const newClient = (wire: Wire) =>
  new Client(
    CLIENT_INFO,
    wire === '2026' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : undefined,
  );

export const officialV2ClientFactory: ClientFactory = {
  async connectStdio(target, wire) {
    const client = newClient(wire);
    await client.connect(
      new StdioClientTransport({ command: target.command, args: target.args, stderr: 'inherit' }),
    );
    assertWire(wire, client.getNegotiatedProtocolVersion());
    return wrap(client, async () => undefined);
  },
  async connectHttp(url, wire) {
    const client = newClient(wire);
    const transport = new StreamableHTTPClientTransport(new URL(url));
    await client.connect(transport);
    assertWire(wire, client.getNegotiatedProtocolVersion());
    return wrap(client, async () => {
      if (transport.sessionId) await transport.terminateSession();
    });
  },
};

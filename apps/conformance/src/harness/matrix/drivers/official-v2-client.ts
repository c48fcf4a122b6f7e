// Matrix client driver on the official SDK v2 (@modelcontextprotocol/client).
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { runDriver } from '../interop-script.js';

await runDriver((target) => {
  const client = new Client({ name: 'official-v2-interop', version: '0.0.0' });
  const transport =
    target.transport === 'stdio'
      ? new StdioClientTransport({ command: target.command, args: target.args, stderr: 'ignore' })
      : new StreamableHTTPClientTransport(new URL(target.url));
  return {
    async connect() {
      await client.connect(transport);
      const name = client.getServerVersion()?.name;
      const version = client.getNegotiatedProtocolVersion();
      return { ...(name ? { serverName: name } : {}), ...(version ? { protocolVersion: version } : {}) };
    },
    listTools: async () => (await client.listTools()).tools,
    callTool: async (name, args) =>
      (await client.callTool({ name, arguments: args })) as { isError?: boolean },
    async listResources() {
      if (client.getServerCapabilities()?.resources === undefined) return undefined;
      return (await client.listResources()).resources;
    },
    readResource: (uri) => client.readResource({ uri }),
    close: () => client.close(),
  };
});

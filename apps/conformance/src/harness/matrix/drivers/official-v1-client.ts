// Matrix client driver on the official SDK v1 (@modelcontextprotocol/sdk).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { runDriver } from '../interop-script.js';

await runDriver((target) => {
  const client = new Client({ name: 'official-v1-interop', version: '0.0.0' });
  const transport =
    target.transport === 'stdio'
      ? new StdioClientTransport({ command: target.command, args: target.args, stderr: 'ignore' })
      : new StreamableHTTPClientTransport(new URL(target.url));
  return {
    async connect() {
      await client.connect(transport);
      const name = client.getServerVersion()?.name;
      return name ? { serverName: name } : {};
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

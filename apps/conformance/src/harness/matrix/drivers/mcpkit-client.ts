// Matrix client driver on mcpkit: runs the interop script against MCP_INTEROP_SERVER.
import { McpClient } from '@mcpkit/client';
import { FallbackHttpClientTransport } from '@mcpkit/transport-http-client';
import { StdioClientTransport } from '@mcpkit/transport-stdio';
import { runDriver } from '../interop-script.js';

await runDriver((target) => {
  const client = new McpClient({ name: 'mcpkit-interop', version: '0.0.0' }, { defaultTimeoutMs: 20_000 });
  const transport =
    target.transport === 'stdio'
      ? new StdioClientTransport({ command: target.command, args: target.args, stderr: 'ignore' })
      : new FallbackHttpClientTransport(new URL(target.url), { messageHeaders: client.messageHeaders });
  return {
    async connect() {
      await client.connect(transport);
      return {
        ...(client.serverInfo?.name ? { serverName: client.serverInfo.name } : {}),
        ...(client.protocolVersion ? { protocolVersion: client.protocolVersion } : {}),
      };
    },
    listTools: () => client.listAllTools(),
    callTool: (name, args) => client.callTool({ name, arguments: args }),
    async listResources() {
      if (client.serverCapabilities?.resources === undefined) return undefined;
      return client.listAllResources();
    },
    readResource: (uri) => client.readResource({ uri }),
    close: () => client.close(),
  };
});

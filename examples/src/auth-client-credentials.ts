// A machine client (no user) of a protected MCP server: OAuth client credentials. The first
// request gets a 401; the provider then discovers the authorization server from the server's
// metadata, gets a token for this server and sends the request again.
//
// Run:  start the two servers as auth-resource-server.ts says, then
//       MCP_URL=http://127.0.0.1:3000/mcp node examples/dist/auth-client-credentials.js
import { OAuthClientProvider } from '@mcpkit/auth-client';
import { McpClient } from '@mcpkit/client';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';

const serverUrl = process.env.MCP_URL ?? 'http://127.0.0.1:3000/mcp';
const auth = new OAuthClientProvider({
  serverUrl,
  grant: {
    type: 'client_credentials',
    clientId: process.env.CLIENT_ID ?? 'demo-client',
    clientSecret: process.env.CLIENT_SECRET ?? 'demo-secret',
  },
});

const client = new McpClient({ name: 'reporting-job', version: '1.0.0' });
await client.connect(new StreamableHttpClientTransport(new URL(serverUrl), { auth }));
const result = await client.callTool({ name: 'whoami', arguments: {} });
for (const block of result.content) if (block.type === 'text') console.log(block.text);
await client.close();

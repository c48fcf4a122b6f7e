// Size probe: the smallest Streamable HTTP client on mcpkit.
import { McpClient } from '@mcpkit/client';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';

const client = new McpClient({ name: 'probe', version: '1.0.0' });
await client.connect(new StreamableHttpClientTransport('http://127.0.0.1:3000/mcp'));
const result = await client.callTool({ name: 'echo', arguments: { text: 'hi' } });

export { result };

// Size probe: the smallest Streamable HTTP client on the official SDK v2.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const client = new Client({ name: 'probe', version: '1.0.0' });
await client.connect(new StreamableHTTPClientTransport(new URL('http://127.0.0.1:3000/mcp')));
const result = await client.callTool({ name: 'echo', arguments: { text: 'hi' } });

export { result };

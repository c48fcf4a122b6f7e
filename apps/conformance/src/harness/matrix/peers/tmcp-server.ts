// Matrix peer: a stdio server on tmcp with its zod adapter and stdio transport.
import { ZodJsonSchemaAdapter } from '@tmcp/adapter-zod';
import { StdioTransport } from '@tmcp/transport-stdio';
import { McpServer } from 'tmcp';
import { z } from 'zod';
import { PEER_GREETING, PEER_RESOURCE_URI } from './peer-content.js';

const server = new McpServer(
  { name: 'tmcp-peer', version: '0.0.0', description: 'Interop peer on tmcp' },
  { adapter: new ZodJsonSchemaAdapter(), capabilities: { tools: {}, resources: {} } },
);
server.tool(
  { name: 'echo', description: 'Echoes the message back.', schema: z.object({ message: z.string() }) },
  async ({ message }) => ({ content: [{ type: 'text', text: message }] }),
);
server.resource(
  { name: 'greeting', description: 'A fixed greeting.', uri: PEER_RESOURCE_URI },
  async (uri) => ({ contents: [{ uri, mimeType: 'text/plain', text: PEER_GREETING }] }),
);
new StdioTransport(server).listen();

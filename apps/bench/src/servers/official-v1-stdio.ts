import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createOfficialV1Server } from './official-v1-server.js';

await createOfficialV1Server('basic').connect(new StdioServerTransport());

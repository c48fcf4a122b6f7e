import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { createOfficialV2Server } from './official-v2-server.js';

await createOfficialV2Server('basic').connect(new StdioServerTransport());

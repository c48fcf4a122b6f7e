import { StdioServerTransport } from '@mcpkit/transport-stdio';
import { wireArg } from './fixtures.js';
import { createMcpkitServer } from './mcpkit-server.js';

await createMcpkitServer('basic', wireArg(process.argv)).connect(new StdioServerTransport());

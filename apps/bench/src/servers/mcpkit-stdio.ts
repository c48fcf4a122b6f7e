import { StdioServerTransport } from '@mcpkit/transport-stdio';
import { createMcpkitServer } from './mcpkit-server.js';

await createMcpkitServer('basic').connect(new StdioServerTransport());

import { StdioServerTransport } from '@mcpkit/transport-stdio';
import { createMcpkitServer } from '../servers/mcpkit-server.js';
import { applySplitMode, splitModeArg } from './split-modes.js';

// The mcpkit stdio bench server set up for one step of the otel cost split (split.ts).

const server = createMcpkitServer('basic', '2025');
applySplitMode(server, splitModeArg(process.argv[2]), { transport: 'stdio' });
await server.connect(new StdioServerTransport());

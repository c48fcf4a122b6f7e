import { StdioServerTransport } from '@mcpkit/transport-stdio';
import { createFullFeatureServer } from './server.js';

// Entry point: `node dist/full-feature/main.js` serves the full-feature server over stdio.
const server = createFullFeatureServer();
await server.connect(new StdioServerTransport());

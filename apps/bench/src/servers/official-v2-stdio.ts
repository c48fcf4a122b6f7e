import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import { wireArg } from './fixtures.js';
import { createOfficialV2Server } from './official-v2-server.js';

// 2025: the classic one-server-one-transport wiring. 2026: serveStdio, the documented entry that
// serves both eras from a factory (it picks the era from the connection's first message).
if (wireArg(process.argv) === '2026') serveStdio(() => createOfficialV2Server('basic'));
else await createOfficialV2Server('basic').connect(new StdioServerTransport());

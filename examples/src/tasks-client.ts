// Runs a tool as a task, both ways: a 2025-11-25 client asks for a task and polls it; a 2026-07-28
// client declares the tasks extension and `callTool` waits for the task the server chose to start.
//
// Run:  pnpm -C examples build && node examples/dist/tasks-client.js
import { fileURLToPath } from 'node:url';
import { McpClient } from '@mcpkit/client';
import { tasksExtension } from '@mcpkit/client/tasks-extension';
import type { CallToolResult } from '@mcpkit/protocol';
import { StdioClientTransport } from '@mcpkit/transport-stdio';

const serverScript = fileURLToPath(new URL('./tasks-server.js', import.meta.url));
const startServer = () => new StdioClientTransport({ command: process.execPath, args: [serverScript] });
const textOf = (result: CallToolResult) =>
  result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

// 2025-11-25: the client asks for a task and gets a handle at once.
const classic = new McpClient({ name: 'tasks-client', version: '1.0.0' }, { protocolVersion: '2025-11-25' });
await classic.connect(startServer());
const task = await classic.callToolAsTask({ name: 'count_slowly', arguments: { n: 5 } }, { ttl: 60_000 });
console.log(`2025-11-25 task ${task.taskId} is ${task.status}`);
const result = await task.result({ pollIntervalMs: 200 }); // polls tasks/get, then fetches tasks/result
console.log(`2025-11-25 task result: ${textOf(result)}`);
await classic.close();

// 2026-07-28: the client declares the extension; the server answers with a task, callTool waits.
const modern = new McpClient(
  { name: 'tasks-client', version: '1.0.0' },
  { tasksExtension: tasksExtension() },
);
await modern.connect(startServer());
const modernResult = await modern.callTool({ name: 'count_slowly', arguments: { n: 3 } });
console.log(`${modern.protocolVersion} task result: ${textOf(modernResult)}`);
await modern.close();

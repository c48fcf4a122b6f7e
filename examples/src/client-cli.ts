// A command-line MCP client. It connects to a server over stdio (starting the command given after
// `--`) or over HTTP (`--url`), prints who the server is and what tools it has, then calls one
// tool if you name it.
//
// Usage: node examples/dist/client-cli.js [--url URL] [TOOL [JSON_ARGUMENTS]] [-- COMMAND ARGS...]
// Run:   pnpm -C examples build
//        node examples/dist/client-cli.js echo '{"message":"hi"}' -- node examples/dist/stdio-server.js
//        node examples/dist/client-cli.js --url http://127.0.0.1:3000/mcp add '{"a":2,"b":3}'
import { McpClient } from '@mcpkit/client';
import type { Transport } from '@mcpkit/jsonrpc';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { StdioClientTransport } from '@mcpkit/transport-stdio';

const USAGE = 'usage: client-cli [--url URL] [TOOL [JSON_ARGUMENTS]] [-- COMMAND ARGS...]';

function transportFrom(argv: string[]): { transport: Transport; rest: string[] } {
  const dash = argv.indexOf('--');
  const own = dash === -1 ? argv : argv.slice(0, dash);
  const [command, ...args] = dash === -1 ? [] : argv.slice(dash + 1);
  if (own[0] === '--url' && own[1] !== undefined && command === undefined) {
    return { transport: new StreamableHttpClientTransport(new URL(own[1])), rest: own.slice(2) };
  }
  if (command !== undefined && own[0] !== '--url') {
    // The server's stderr (its banner, its logs) is passed through to ours.
    const transport = new StdioClientTransport({
      command,
      args,
      onstderr: (text) => process.stderr.write(text),
    });
    return { transport, rest: own };
  }
  throw new Error(`say where the server is: --url URL, or -- COMMAND ARGS...\n${USAGE}`);
}

const { transport, rest } = transportFrom(process.argv.slice(2));
const [toolName, json = '{}'] = rest;
const toolArguments = JSON.parse(json) as Record<string, unknown>;

const client = new McpClient({ name: 'client-cli', version: '1.0.0' });
await client.connect(transport);
try {
  const { name, version } = client.serverInfo ?? { name: '(unnamed)', version: '?' };
  console.log(`server: ${name} ${version} (protocol ${client.protocolVersion})`);
  const tools = await client.listAllTools();
  console.log(`tools: ${tools.map((tool) => tool.name).join(', ') || '(none)'}`);

  if (toolName !== undefined) {
    const result = await client.callTool({ name: toolName, arguments: toolArguments });
    for (const block of result.content) {
      console.log(block.type === 'text' ? block.text : `[${block.type} content]`);
    }
    if (result.content.length === 0 && result.structuredContent !== undefined) {
      console.log(JSON.stringify(result.structuredContent));
    }
    if (result.isError) process.exitCode = 1; // the tool failed; its content says why
  }
} finally {
  await client.close(); // over stdio this also ends the server process
}

// A client-mode subject on the official SDK v1 (@modelcontextprotocol/sdk), written the documented
// way: `node official-v1-client.js <url>` with MCP_CONFORMANCE_SCENARIO set.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import {
  ELICITATION_ANSWER,
  exitAfter,
  ROOTS_ANSWER,
  readClientModeRun,
  SAMPLING_ANSWER,
  toolCallOf,
} from './scenario-env.js';

const run = readClientModeRun();
await exitAfter(async () => {
  const client = new Client(
    { name: 'official-v1-client-mode', version: '0.0.0' },
    { capabilities: { sampling: {}, elicitation: {}, roots: {} } },
  );
  client.setRequestHandler(CreateMessageRequestSchema, () => SAMPLING_ANSWER);
  client.setRequestHandler(ElicitRequestSchema, () => ELICITATION_ANSWER);
  client.setRequestHandler(ListRootsRequestSchema, () => ROOTS_ANSWER);
  await client.connect(new StreamableHTTPClientTransport(run.url));
  await client.listTools();
  const call = toolCallOf(run.scenario);
  if (call !== undefined) await client.callTool(call);
  await client.close();
});

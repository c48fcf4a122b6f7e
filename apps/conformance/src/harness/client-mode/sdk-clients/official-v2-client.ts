// A client-mode subject on the official SDK v2 (@modelcontextprotocol/client), written the documented
// way: `node official-v2-client.js <url>` with MCP_CONFORMANCE_SCENARIO set.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
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
    { name: 'official-v2-client-mode', version: '0.0.0' },
    {
      capabilities: { sampling: {}, elicitation: { form: {} }, roots: {} },
      ...(run.protocolVersion === '2026-07-28'
        ? { versionNegotiation: { mode: { pin: '2026-07-28' } } }
        : {}),
    },
  );
  client.setRequestHandler('sampling/createMessage', () => SAMPLING_ANSWER);
  client.setRequestHandler('elicitation/create', () => ELICITATION_ANSWER);
  client.setRequestHandler('roots/list', () => ROOTS_ANSWER);
  await client.connect(new StreamableHTTPClientTransport(run.url));
  await client.listTools();
  const call = toolCallOf(run.scenario);
  if (call !== undefined) await client.callTool(call);
  await client.close();
});

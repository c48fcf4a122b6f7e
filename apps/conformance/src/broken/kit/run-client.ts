import process from 'node:process';
import { McpClient } from '@mcpkit/client';
import type { Transport } from '@mcpkit/jsonrpc';
import {
  type FetchMiddleware,
  type ReconnectionOptions,
  StreamableHttpClientTransport,
} from '@mcpkit/transport-http-client';
import { StdioServerTransport } from '@mcpkit/transport-stdio';
import { type InterceptHooks, interceptTransport } from './intercept-transport.js';

/** How one broken client differs from the baseline client. */
export interface BrokenClientSpec {
  /** Rewrites or drops JSON-RPC messages the client sends or receives. */
  hooks?: InterceptHooks;
  /** Layers around fetch (HTTP only), e.g. to remove a header. */
  middleware?: FetchMiddleware[];
  /** Backoff of broken SSE streams (HTTP only). */
  reconnection?: ReconnectionOptions;
}

/** The answer the baseline client gives to sampling/createMessage. */
export const BASELINE_SAMPLING_RESULT = {
  role: 'assistant',
  content: { type: 'text', text: 'A sampled answer from the conformance fixture client.' },
  model: 'conformance-fixture-model',
  stopReason: 'endTurn',
} as const;

/** The roots the baseline client exposes. */
export const BASELINE_ROOTS = [{ uri: 'file:///tmp/conformance-project', name: 'project' }];

type ScenarioAction = (client: McpClient) => Promise<void>;

// What the client does per MCP_CONFORMANCE_SCENARIO, after connecting (as the referee's clients do).
const callAddNumbers: ScenarioAction = async (client) => {
  await client.listAllTools();
  await client.callTool({ name: 'add_numbers', arguments: { a: 5, b: 3 } });
};
const ACTIONS: Record<string, ScenarioAction> = {
  tools_call: callAddNumbers,
  'mrtr-2026': callAddNumbers,
  'sse-retry': async (client) => {
    await client.listAllTools();
    await client.callTool({ name: 'test_reconnection', arguments: {} });
  },
};
const DEFAULT_ACTION: ScenarioAction = async (client) => {
  await client.listAllTools();
};

/**
 * Entry point of every fixture client: `node dist/broken/<name>.js <server url>` speaks Streamable
 * HTTP to that URL; with no URL (or `stdio`) it speaks MCP over its own stdin/stdout. The scenario
 * comes from MCP_CONFORMANCE_SCENARIO, the revision to offer from MCP_CONFORMANCE_PROTOCOL_VERSION.
 * Exits 0 when the scenario's calls succeeded, 1 otherwise.
 */
export async function runBrokenClient(spec: BrokenClientSpec, argv = process.argv.slice(2)): Promise<void> {
  const target = argv.at(-1);
  const protocolVersion = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION || undefined;
  const client = new McpClient(
    { name: 'mcpkit-conformance-fixture-client', version: '0.0.0' },
    {
      ...(protocolVersion !== undefined ? { protocolVersion } : {}),
      enforceStrictCapabilities: false,
      defaultTimeoutMs: 15_000,
      sampling: async () => ({ ...BASELINE_SAMPLING_RESULT }),
      elicitation: async () => ({ action: 'accept', content: {} }),
      roots: BASELINE_ROOTS,
    },
  );
  let transport: Transport;
  if (target === undefined || target === 'stdio') {
    transport = new StdioServerTransport();
  } else {
    transport = new StreamableHttpClientTransport(new URL(target), {
      messageHeaders: client.messageHeaders,
      ...(spec.middleware ? { middleware: spec.middleware } : {}),
      ...(spec.reconnection ? { reconnection: spec.reconnection } : {}),
    });
  }
  const action = ACTIONS[process.env.MCP_CONFORMANCE_SCENARIO ?? ''] ?? DEFAULT_ACTION;
  try {
    await client.connect(spec.hooks ? interceptTransport(transport, spec.hooks) : transport);
    await action(client);
    await client.close();
    process.exit(0);
  } catch (error) {
    process.stderr.write(`fixture client: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

// What every SDK client under client mode reads: the server URL (last argument), the scenario,
// and the revision to offer; and the answers it gives to the mock server's questions.

export interface ClientModeRun {
  url: URL;
  scenario: string;
  protocolVersion: string | undefined;
}

export function readClientModeRun(argv = process.argv, env = process.env): ClientModeRun {
  const last = argv.at(-1);
  if (last === undefined || !/^https?:\/\//.test(last)) {
    throw new Error(`expected the server URL as the last argument, got ${JSON.stringify(last)}`);
  }
  return {
    url: new URL(last),
    scenario: env.MCP_CONFORMANCE_SCENARIO ?? 'initialize',
    protocolVersion: env.MCP_CONFORMANCE_PROTOCOL_VERSION || undefined,
  };
}

export const SAMPLING_ANSWER = {
  role: 'assistant' as const,
  content: { type: 'text' as const, text: 'A sampled answer.' },
  model: 'client-mode-model',
};
export const ELICITATION_ANSWER = { action: 'accept' as const, content: { name: 'Ada' } };
export const ROOTS_ANSWER = { roots: [{ uri: 'file:///tmp/client-mode', name: 'client-mode' }] };

/** The calls each scenario makes after connecting: tools are listed first, always. */
export function toolCallOf(
  scenario: string,
): { name: string; arguments: Record<string, unknown> } | undefined {
  if (scenario === 'tools_call' || scenario === 'mrtr-2026')
    return { name: 'add_numbers', arguments: { a: 5, b: 3 } };
  if (scenario === 'sse-retry') return { name: 'test_reconnection', arguments: {} };
  return undefined;
}

/** Runs the client body and exits 0, or reports the failure on stderr and exits 1. */
export async function exitAfter(body: () => Promise<void>): Promise<never> {
  try {
    await body();
    process.exit(0);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

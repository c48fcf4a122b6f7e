import { type ScenarioResult, verdictOf } from '../types.js';
import { ClientLog } from './client-log.js';
import { MockServerCore } from './mock-core.js';
import { startHttpMock } from './mock-http.js';
import { attachStdioMock } from './mock-stdio.js';
import { CLIENT_SCENARIOS, type ClientScenario, type ClientTransport } from './scenarios.js';
import { spawnClient } from './spawn-client.js';

export interface ClientModeOptions {
  /**
   * The client under test, run through the shell. Over HTTP it gets the mock server's URL as its
   * last argument; over stdio it gets no URL and speaks MCP on its own stdin/stdout. Either way
   * MCP_CONFORMANCE_SCENARIO names the scenario and MCP_CONFORMANCE_TRANSPORT the transport.
   */
  command: string;
  /** Transports to test (default: HTTP only, like the official referee). */
  transports?: readonly ClientTransport[];
  /** Scenario ids to run (default: all that fit the transports). */
  scenarios?: readonly string[];
  /** How long one scenario may take before the client is killed (default 15 000 ms). */
  timeoutMs?: number;
  /** Called after each scenario, e.g. for a progress line. */
  onResult?: (result: ScenarioResult, done: number, total: number) => void;
}

/** The scenario ids client mode knows. */
export const CLIENT_SCENARIO_IDS: readonly string[] = CLIENT_SCENARIOS.map((scenario) => scenario.id);

/** Runs one scenario: a fresh mock server, the client once against it, then the checks. */
export async function runClientScenario(
  scenario: ClientScenario,
  transport: ClientTransport,
  command: string,
  timeoutMs = 15_000,
  /** Sees everything recorded, e.g. for tests of the mock server itself. */
  inspect?: (log: ClientLog) => void,
): Promise<ScenarioResult> {
  const started = Date.now();
  const log = new ClientLog();
  const core = new MockServerCore(scenario.behaviour, log);
  const env = {
    MCP_CONFORMANCE_SCENARIO: scenario.id,
    MCP_CONFORMANCE_TRANSPORT: transport,
    ...scenario.env,
  };
  const mock = transport === 'http' ? await startHttpMock(core) : undefined;
  const client = spawnClient(command, env, mock?.url);
  if (transport === 'stdio') {
    if (client.child.stdout === null || client.child.stdin === null)
      throw new Error('the client process has no stdio pipes');
    attachStdioMock(core, client.child.stdout, client.child.stdin);
  } else {
    // Over HTTP the client's stdio is not the protocol: drain stdout so it never blocks, close stdin.
    client.child.stdout?.resume();
    client.child.stdin?.end();
  }
  client.child.stderr?.setEncoding('utf8');
  client.child.stderr?.on('data', (text: string) => {
    if (log.stderr.length < 200) log.stderr.push(text);
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    client.kill();
  }, timeoutMs);
  try {
    log.exitCode = await client.exited;
  } finally {
    clearTimeout(timer);
    client.kill();
    await mock?.close();
  }
  inspect?.(log);
  const checks = scenario.check(log, transport);
  const exit = timedOut ? `killed after ${timeoutMs} ms` : `exit code ${log.exitCode}`;
  const failing = checks.filter((check) => check.verdict === 'fail').length;
  if (failing > 0 && log.stderr.length > 0) {
    const tail = log.stderr.join('').trim().split('\n').slice(-3).join(' | ');
    checks.push({
      id: 'client-stderr',
      verdict: 'not-applicable',
      detail: `${exit}; stderr: ${tail.slice(0, 400)}`,
    });
  }
  return {
    scenario: scenario.id,
    target: `${transport}: ${command}`,
    source: 'mcpkit',
    verdict: verdictOf(checks),
    checks,
    durationMs: Date.now() - started,
  };
}

/** Client mode: runs the client command once per scenario and transport against a mock server. */
export async function runClientMode(options: ClientModeOptions): Promise<ScenarioResult[]> {
  const transports = options.transports ?? ['http'];
  const unknown = (options.scenarios ?? []).filter((id) => !CLIENT_SCENARIO_IDS.includes(id));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown client scenario(s): ${unknown.join(', ')}; known: ${CLIENT_SCENARIO_IDS.join(', ')}`,
    );
  }
  const runs: [ClientScenario, ClientTransport][] = [];
  for (const transport of transports) {
    for (const scenario of CLIENT_SCENARIOS) {
      if (options.scenarios !== undefined && !options.scenarios.includes(scenario.id)) continue;
      if (scenario.transports.includes(transport)) runs.push([scenario, transport]);
    }
  }
  const results: ScenarioResult[] = [];
  for (const [scenario, transport] of runs) {
    const result = await runClientScenario(scenario, transport, options.command, options.timeoutMs);
    results.push(result);
    options.onResult?.(result, results.length, runs.length);
  }
  return results;
}

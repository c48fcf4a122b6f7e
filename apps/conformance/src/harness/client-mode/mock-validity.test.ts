import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ClientLog } from './client-log.js';
import { mockSchemaProblems } from './mock-validity.js';
import { runClientScenario } from './run-client-mode.js';
import { CLIENT_SCENARIOS } from './scenarios.js';

// The mock server must itself conform: a client is only judged against messages its negotiated
// revision allows. Every scenario runs once with the baseline fixture client over HTTP (and the
// stdio-only one over stdio), and every message the mock sent is checked against the schema.

const baselineClient = [
  process.execPath,
  fileURLToPath(new URL('../../../dist/broken/baseline-client.js', import.meta.url)),
]
  .map((part) => JSON.stringify(part))
  .join(' ');

describe('the client-mode mock server', () => {
  it('sends only messages valid at the revision it negotiated, in every scenario', async () => {
    const problems: string[] = [];
    const revisions = new Set<string>();
    for (const scenario of CLIENT_SCENARIOS) {
      const transport = scenario.transports.includes('http') ? 'http' : 'stdio';
      await runClientScenario(scenario, transport, baselineClient, 15_000, (log) => {
        if (log.negotiatedVersion) revisions.add(log.negotiatedVersion);
        for (const problem of mockSchemaProblems(log)) problems.push(`${scenario.id}: ${problem}`);
      });
    }
    expect(problems).toEqual([]);
    expect([...revisions].sort()).toEqual(['2025-06-18', '2025-11-25', '2026-07-28']);
  }, 120_000);

  it('reports a result its revision rejects', () => {
    const log = new ClientLog();
    log.negotiatedVersion = '2026-07-28';
    log.fromClient({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    log.toClient({ jsonrpc: '2.0', id: 1, result: { tools: [], resultType: 'complete' } });
    expect(mockSchemaProblems(log)).toEqual([expect.stringMatching(/^result of tools\/list: .*ttlMs/)]);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { runClientMode } from '../harness/client-mode/run-client-mode.js';
import { runPooled } from '../harness/matrix/pool.js';
import type { ScenarioResult } from '../harness/types.js';
import { BASELINE_CLIENT, BROKEN_CLIENTS, brokenFixtureShellCommand } from './catalogue.js';

// Trust in client mode: the baseline client passes every scenario, and each broken client is
// failed by the scenario aimed at it and by no other. Every client runs all scenarios of its first
// transport (HTTP where it speaks it); stdio is also covered by the baseline on every scenario and
// by each broken client on its own scenario.
// About 140 short node processes (about 30 s), three at a time.

const failedScenarios = (results: ScenarioResult[]) =>
  results.filter((result) => result.verdict === 'fail').map((result) => result.scenario);

let baseline: ScenarioResult[] = [];
const broken = new Map<string, { http: ScenarioResult[]; stdio: ScenarioResult[] }>();

beforeAll(async () => {
  const tasks: (() => Promise<void>)[] = [
    async () => {
      baseline = await runClientMode({
        command: brokenFixtureShellCommand(BASELINE_CLIENT),
        transports: ['http', 'stdio'],
      });
    },
  ];
  for (const fixture of BROKEN_CLIENTS) {
    const entry = { http: [] as ScenarioResult[], stdio: [] as ScenarioResult[] };
    broken.set(fixture.name, entry);
    const command = brokenFixtureShellCommand(fixture.name);
    const speaksHttp = fixture.transports.includes('http');
    if (speaksHttp) {
      tasks.push(async () => {
        entry.http = await runClientMode({ command, transports: ['http'] });
      });
    }
    if (fixture.transports.includes('stdio')) {
      // A stdio-only fixture runs every stdio scenario; the others only the one aimed at them.
      const scenarios = speaksHttp ? { scenarios: [fixture.flaggedBy] } : {};
      tasks.push(async () => {
        entry.stdio = await runClientMode({ command, transports: ['stdio'], ...scenarios });
      });
    }
  }
  await runPooled(tasks, 3);
}, 180_000);

describe('client mode against the fixture clients', () => {
  it('passes the baseline client on every scenario over HTTP and stdio', () => {
    // mcp-name-base64 needs a client that reads resources (the baseline only lists tools); it is
    // tested against hand-written clients in client-mode/header-checks.test.ts.
    const problems = baseline
      .filter((result) => result.verdict !== 'pass' && result.scenario !== 'mcp-name-base64')
      .map((result) => `${result.target.split(':')[0]} ${result.scenario}: ${JSON.stringify(result.checks)}`);
    expect(problems).toEqual([]);
    expect(baseline.length).toBeGreaterThanOrEqual(15);
  });

  for (const fixture of BROKEN_CLIENTS) {
    it(`fails ${fixture.name} (${fixture.breaks}) in ${fixture.flaggedBy} only`, () => {
      const runs = broken.get(fixture.name);
      if (fixture.transports.includes('http'))
        expect(failedScenarios(runs?.http ?? [])).toEqual([fixture.flaggedBy]);
      if (fixture.transports.includes('stdio')) {
        expect(failedScenarios(runs?.stdio ?? [])).toEqual([fixture.flaggedBy]);
      }
    });
  }
});

describe('client mode input', () => {
  it('rejects unknown scenario ids, naming the known ones', async () => {
    await expect(runClientMode({ command: 'true', scenarios: ['no-such-scenario'] })).rejects.toThrow(
      /Unknown client scenario\(s\): no-such-scenario; known: initialize/,
    );
  });

  it('fails a client that exits without sending anything, keeping its exit code in the detail', async () => {
    const [result] = await runClientMode({
      command: `${JSON.stringify(process.execPath)} -e "process.stderr.write('bye'); process.exit(3)"`,
      scenarios: ['initialize'],
    });
    expect(result?.verdict).toBe('fail');
    expect(result?.checks[0]).toMatchObject({
      id: 'initialize-sent',
      verdict: 'fail',
      detail: 'the client sent nothing',
    });
    expect(result?.checks.find((check) => check.id === 'client-stderr')?.detail).toMatch(
      /exit code 3; stderr: bye/,
    );
  });
});

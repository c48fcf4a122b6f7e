import { beforeAll, describe, expect, it } from 'vitest';
import { startHttpServerCommand, stopProcessGroup } from '../harness/matrix/run-matrix.js';
import { buildReport } from '../harness/report/index.js';
import { runServerMode } from '../harness/server-scenarios/run-server-mode.js';
import type { ScenarioResult } from '../harness/types.js';
import {
  BASELINE_SERVER,
  BROKEN_SERVERS,
  brokenFixtureCommand,
  brokenFixtureShellCommand,
} from './catalogue.js';

// Trust in server mode: every broken server is failed by the scenario its catalogue entry names,
// and by no other scenario the baseline server passes (catch-alls listed in `alsoFlaggedBy`
// excepted). Compared per scenario and revision against the baseline on the same transport, so
// a defect the baseline shares (one of the harness or of mcpkit) shows up in the baseline test
// instead of hiding a fixture's. Twelve server processes, two at a time.

type Transport = 'stdio' | 'http';

async function serverMode(name: string, transport: Transport): Promise<ScenarioResult[]> {
  if (transport === 'stdio') return runServerMode({ command: `${brokenFixtureShellCommand(name)} --stdio` });
  const server = await startHttpServerCommand(brokenFixtureCommand({ name }, ['--http']));
  try {
    return await runServerMode({ url: server.url });
  } finally {
    stopProcessGroup(server.child);
  }
}

const failedKeys = (results: readonly ScenarioResult[]) =>
  new Set(
    results
      .filter((result) => result.verdict === 'fail')
      .map((result) => `${result.scenario}@${result.revision ?? '-'}`),
  );
const scenarioOf = (key: string) => key.split('@')[0] ?? key;

const runs = new Map<string, ScenarioResult[]>();

beforeAll(async () => {
  const todo: [string, Transport][] = [
    [BASELINE_SERVER, 'stdio'],
    [BASELINE_SERVER, 'http'],
    ...BROKEN_SERVERS.map((fixture): [string, Transport] => [fixture.name, fixture.transports[0] ?? 'stdio']),
  ];
  for (let index = 0; index < todo.length; index += 2) {
    await Promise.all(
      todo.slice(index, index + 2).map(async ([name, transport]) => {
        runs.set(`${name}/${transport}`, await serverMode(name, transport));
      }),
    );
  }
}, 180_000);

describe('server mode against the broken servers', () => {
  for (const fixture of BROKEN_SERVERS) {
    const transport = fixture.transports[0] ?? 'stdio';
    it(`${fixture.name} (${fixture.breaks}) is failed by ${fixture.flaggedBy} and no unrelated scenario`, () => {
      const baseline = failedKeys(runs.get(`${BASELINE_SERVER}/${transport}`) ?? []);
      const broken = failedKeys(runs.get(`${fixture.name}/${transport}`) ?? []);
      const own = [...broken].filter((key) => !baseline.has(key)).map(scenarioOf);
      expect(own).toContain(fixture.flaggedBy);
      const allowed = new Set([fixture.flaggedBy, ...(fixture.alsoFlaggedBy ?? [])]);
      expect([...new Set(own)].filter((scenario) => !allowed.has(scenario))).toEqual([]);
      // The rule is one the baseline keeps: its scenario passes there at some revision, never fails.
      expect([...baseline].map(scenarioOf)).not.toContain(fixture.flaggedBy);
    });
  }

  it('runs the baseline at every revision on both transports, passing each scenario a broken fixture aims at', () => {
    for (const transport of ['stdio', 'http'] as const) {
      const results = runs.get(`${BASELINE_SERVER}/${transport}`) ?? [];
      expect(new Set(results.map((result) => result.revision))).toEqual(
        new Set(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28']),
      );
      for (const fixture of BROKEN_SERVERS.filter((entry) => entry.transports.includes(transport))) {
        const aimed = results.filter((result) => result.scenario === fixture.flaggedBy);
        expect(
          aimed.some((result) => result.verdict === 'pass'),
          `${fixture.flaggedBy} over ${transport}`,
        ).toBe(true);
      }
    }
  });

  it('says why for every scenario of the baseline that is not applicable (no generic reason)', () => {
    for (const transport of ['stdio', 'http'] as const) {
      const report = buildReport('server', new Date(0), runs.get(`${BASELINE_SERVER}/${transport}`) ?? []);
      const skipped = report.results.filter((result) => result.verdict === 'not-applicable');
      expect(skipped.length, transport).toBeGreaterThan(0);
      for (const result of skipped) {
        const where = `${result.scenario}@${result.revision} over ${transport}`;
        expect(result.reason, where).toMatch(/\w/);
        expect(result.reason, where).not.toMatch(/no reason given|ran no check/);
      }
    }
  });
});

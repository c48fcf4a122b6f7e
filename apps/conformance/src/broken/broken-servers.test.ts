import { beforeAll, describe, expect, it } from 'vitest';
import { startHttpServerCommand, stopProcessGroup } from '../harness/matrix/run-matrix.js';
import { BASELINE_SERVER, BROKEN_SERVERS, brokenFixtureCommand } from './catalogue.js';
import { openHttpSession, openStdioSession } from './test-helpers/raw-sessions.js';
import { RULE_PROBES } from './test-helpers/rule-probes.js';

// Trust in the broken servers: the baseline passes every rule probe over stdio and HTTP, and each
// broken server fails the probe named by its catalogue entry and no other. Twelve short processes.
// The probes stand in for the harness's server scenarios, which will replace them here.

type Transport = 'stdio' | 'http';

async function failingProbes(name: string, transport: Transport): Promise<string[]> {
  const probes = RULE_PROBES.filter((probe) => probe.transports.includes(transport));
  const failing: string[] = [];
  const record = (id: string, outcome: { ok: boolean; detail: string }) => {
    if (!outcome.ok) failing.push(`${id}: ${outcome.detail}`);
  };
  if (transport === 'stdio') {
    const session = await openStdioSession(brokenFixtureCommand({ name }, ['--stdio']));
    try {
      // Transcript probes last: they judge everything the server wrote during the others.
      for (const probe of probes)
        record(probe.id, await probe.run({ transport, session, transcript: session.transcript }));
    } finally {
      await session.close();
    }
    return failing;
  }
  const server = await startHttpServerCommand(brokenFixtureCommand({ name }, ['--http']));
  try {
    const session = await openHttpSession(server.url);
    for (const probe of probes) record(probe.id, await probe.run({ transport, session, url: server.url }));
    await session.close();
  } finally {
    stopProcessGroup(server.child);
  }
  return failing;
}

const results = new Map<string, string[]>();

beforeAll(async () => {
  const runs: [string, Transport][] = [
    [BASELINE_SERVER, 'stdio'],
    [BASELINE_SERVER, 'http'],
    ...BROKEN_SERVERS.map((fixture): [string, Transport] => [fixture.name, fixture.transports[0] ?? 'stdio']),
  ];
  // Two at a time: each run is one short-lived server process.
  for (let index = 0; index < runs.length; index += 2) {
    await Promise.all(
      runs.slice(index, index + 2).map(async ([name, transport]) => {
        results.set(`${name}/${transport}`, await failingProbes(name, transport));
      }),
    );
  }
}, 120_000);

describe('broken servers against the rule probes', () => {
  it('the baseline server breaks no rule over stdio or HTTP', () => {
    expect(results.get(`${BASELINE_SERVER}/stdio`)).toEqual([]);
    expect(results.get(`${BASELINE_SERVER}/http`)).toEqual([]);
  });

  for (const fixture of BROKEN_SERVERS) {
    it(`${fixture.name} (${fixture.breaks}) fails ${fixture.flaggedBy} only`, () => {
      const failing = results.get(`${fixture.name}/${fixture.transports[0]}`) ?? ['not run'];
      expect(failing.map((entry) => entry.split(':')[0])).toEqual([fixture.flaggedBy]);
    });
  }
});

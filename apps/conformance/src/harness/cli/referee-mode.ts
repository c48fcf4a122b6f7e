import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runReferee } from '../../referee/run-referee.js';
import { runClientMode } from '../client-mode/index.js';
import { readRefereeResults } from '../report/index.js';
import { setAsideMissingFixtures, type TargetInventory } from '../report/referee-fixtures.js';
import { runServerMode, type ServerModeOptions } from '../server-scenarios/index.js';
import { listAll } from '../server-scenarios/scenario.js';
import { openSession, type Revision } from '../server-scenarios/session.js';
import type { ScenarioResult } from '../types.js';
import type { CliOptions } from './args.js';

interface Output {
  write(text: string): unknown;
}

/** Referee mode's rows: ours and the referee's, and the referee's set aside for missing fixtures. */
export interface RefereeModeResults {
  results: ScenarioResult[];
  missingFixtures: ScenarioResult[];
}

/**
 * The tools, prompts, resources and templates a server lists, at the first revision it serves
 * (newest first), so referee rows that only failed for want of the referee's fixtures can be
 * told from findings. Undefined when nothing could be listed (then no row is set aside).
 */
export async function targetInventory(url: string, timeoutMs?: number): Promise<TargetInventory | undefined> {
  for (const revision of ['2026-07-28', '2025-11-25', '2025-06-18'] as Revision[]) {
    const session = await openSession({ url, ...(timeoutMs ? { timeoutMs } : {}) }, revision).catch(
      (error: unknown) => error as Error,
    );
    if (session instanceof Error) continue;
    try {
      if (!session.claimed) continue;
      const names = async (capability: string, method: string, key: string, field: string) =>
        session.capabilities[capability] === undefined
          ? []
          : (await listAll(session, method, key)).items.map((item) => String(item[field]));
      return {
        tools: new Set(await names('tools', 'tools/list', 'tools', 'name')),
        prompts: new Set(await names('prompts', 'prompts/list', 'prompts', 'name')),
        resources: new Set(await names('resources', 'resources/list', 'resources', 'uri')),
        templates: await names('resources', 'resources/templates/list', 'resourceTemplates', 'uriTemplate'),
      };
    } finally {
      await session.close();
    }
  }
  return undefined;
}

/** Our own checks and the official referee on the same target, in one list. */
export async function runRefereeMode(
  options: CliOptions,
  picked: Pick<ServerModeOptions, 'revisions' | 'scenarios' | 'timeoutMs' | 'roundTripTools'>,
  onResult: (result: ScenarioResult, done: number) => void,
  err: Output,
): Promise<RefereeModeResults> {
  const ours =
    options.url !== undefined
      ? await runServerMode({ url: options.url, ...picked, onResult })
      : await runClientMode({ command: options.clients[0] ?? '', onResult });
  const outputDir = await mkdtemp(join(tmpdir(), 'mcpkit-conformance-referee-'));
  try {
    const args =
      options.url !== undefined
        ? ['server', '--url', options.url]
        : ['client', '--command', options.clients[0] ?? ''];
    args.push('--suite', options.suite ?? 'all', '-o', outputDir);
    if (options.specVersion) args.push('--spec-version', options.specVersion);
    if (options.timeoutMs) args.push('--timeout', String(options.timeoutMs));
    err.write(`running the official referee: ${args.slice(0, 3).join(' ')} …\n`);
    const { code, output } = await runReferee(args);
    const folded = await readRefereeResults(outputDir, options.url ?? options.clients[0] ?? '', output);
    if (folded.length === 0)
      throw new Error(
        `the official referee (exit ${code}) produced no results; its output:\n${output.slice(-2000)}`,
      );
    const inventory =
      options.url !== undefined ? await targetInventory(options.url, options.timeoutMs) : undefined;
    const { findings, missingFixtures } =
      inventory === undefined
        ? { findings: folded, missingFixtures: [] }
        : setAsideMissingFixtures(folded, inventory);
    for (const [index, result] of findings.entries()) onResult(result, ours.length + index + 1);
    return { results: [...ours, ...findings], missingFixtures };
  } finally {
    await rm(outputDir, { recursive: true, force: true });
  }
}

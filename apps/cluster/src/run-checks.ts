import { CHECKS, type Check } from './checks/index.js';
import { onStop } from './signals.js';
import { startTopology, type Topology } from './topology.js';

export interface CheckResult {
  name: string;
  passed: boolean;
  /** What the check saw, or why it failed. */
  detail: string;
}

export interface CheckRun {
  results: CheckResult[];
  passed: number;
  failed: number;
  /** `cluster check: N passed, M failed`. */
  summary: string;
}

/** Runs `checks` one after the other on `topology`; a failure is recorded and the next check runs. */
export async function runChecks(
  topology: Topology,
  progress: (line: string) => void,
  checks: readonly Check[] = CHECKS,
): Promise<CheckRun> {
  const results: CheckResult[] = [];
  for (const check of checks) {
    progress(`cluster check: ${check.name}: ${check.description} ...`);
    try {
      const detail = await check.run({ topology, progress });
      results.push({ name: check.name, passed: true, detail });
      progress(`cluster check: ${check.name}: passed: ${detail}`);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      results.push({ name: check.name, passed: false, detail });
      progress(`cluster check: ${check.name}: FAILED: ${detail}`);
    }
  }
  const passed = results.filter((result) => result.passed).length;
  const failed = results.length - passed;
  return { results, passed, failed, summary: `cluster check: ${passed} passed, ${failed} failed` };
}

/** Starts the topology, runs every check, stops everything (whatever happened). */
export async function runClusterCheck(progress: (line: string) => void): Promise<CheckRun> {
  const topology = await startTopology({ onOutput: (name, line) => progress(`  [${name}] ${line}`) });
  const forget = onStop(() => topology.stop());
  try {
    progress(
      `cluster check: redis-server :${topology.redis.port}, servers ${topology.servers.map((s) => `${s.instanceId} :${s.port}`).join(', ')}, nginx ${topology.url}`,
    );
    return await runChecks(topology, progress);
  } finally {
    forget();
    await topology.stop();
  }
}

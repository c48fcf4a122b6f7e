import type { LogEntry } from '../request-log.js';
import type { Topology } from '../topology.js';

/** What a check gets: the running topology and a way to report progress. */
export interface CheckContext {
  topology: Topology;
  progress(line: string): void;
}

/**
 * One check of the topology: `run` resolves with a one-line summary of what it saw, or throws an
 * Error saying precisely what failed. Checks run in the order of `CHECKS` (index.ts), on one
 * topology; a check that disturbs it (stops Redis, kills a process) must leave it working again.
 */
export interface Check {
  name: string;
  description: string;
  run(context: CheckContext): Promise<string>;
}

/** The log entries of `sessionId`, every process. */
export function sessionLogs(topology: Topology, sessionId: string): LogEntry[] {
  return topology.logs().filter((entry) => entry.session === sessionId);
}

/** `s1: 4, s2: 5, s3: 3`: how many entries each instance logged. */
export function countByInstance(entries: readonly LogEntry[]): string {
  const counts = new Map<string, number>();
  for (const entry of entries) counts.set(entry.instance, (counts.get(entry.instance) ?? 0) + 1);
  return [...counts]
    .sort()
    .map(([instance, count]) => `${instance}: ${count}`)
    .join(', ');
}

/** Throws `message` unless `condition` holds. */
export function expect(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

// The whole cluster check, as CI runs it: Redis, three server processes and nginx, every check
// through nginx. Nothing is skipped: without nginx or redis-server the test fails, naming the fix.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NGINX } from './nginx.js';
import { REDIS_SERVER } from './redis.js';
import { runClusterCheck } from './run-checks.js';

describe('the cluster topology (redis-server, 3 server processes, nginx round-robin)', () => {
  it('has nginx and redis-server installed', () => {
    const missing = [NGINX, REDIS_SERVER].filter((path) => !existsSync(path));
    expect(
      missing,
      `missing ${missing.join(', ')}: .ci/run installs nginx and redis-server from apt`,
    ).toEqual([]);
  });

  it('passes every check', async () => {
    const lines: string[] = [];
    const run = await runClusterCheck((line) => lines.push(line));
    const failures = run.results.filter((result) => !result.passed);
    expect(failures, lines.join('\n')).toEqual([]);
    expect(run.summary).toBe(`cluster check: ${run.results.length} passed, 0 failed`);
  });
});

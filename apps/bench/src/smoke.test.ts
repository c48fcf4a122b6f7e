import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { hasCompileCache } from './drivers/compile-cache.js';
import { IMPLS, WORKLOADS } from './harness/workloads.js';
import { SIZE_PROBES } from './size/bundle.js';

// Runs `bench --smoke` end to end as a child process. Only completion and the report's shape are
// asserted: timings are machine-dependent and never checked here.

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const workDir = mkdtempSync(join(tmpdir(), 'mcpkit-bench-smoke-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

interface ReportedImpl {
  status: string;
  median?: number;
  reason?: string;
}
interface Report {
  mode: string;
  workloads: { name: string; implementations: Record<string, ReportedImpl> }[];
  sizes: { name: string; gzipBytes?: number; error?: string }[];
}

function runSmoke(out: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, '--smoke', '--out', out], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('bench --smoke', () => {
  it('runs every workload on every implementation and writes a complete JSON report', {
    timeout: 240_000,
  }, async () => {
    expect(
      existsSync(cli),
      `${cli} is missing: build the app first (pnpm turbo run build --filter=@mcpkit/bench...)`,
    ).toBe(true);
    const out = join(workDir, 'bench.json');
    const { code, stderr } = await runSmoke(out);
    expect(code, stderr.slice(-4000)).toBe(0);

    const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
    expect(report.mode).toBe('smoke');
    expect(report.workloads.map((workload) => workload.name)).toEqual(
      WORKLOADS.map((workload) => workload.name),
    );
    for (const workload of report.workloads) {
      const spec = WORKLOADS.find((candidate) => candidate.name === workload.name)!;
      for (const impl of IMPLS) {
        const reported = workload.implementations[impl];
        const where = `${workload.name} on ${impl}: ${reported?.reason ?? ''}`;
        // mcpkit may be "n/a" while its packages are being written; an implementation the workload
        // does not support (official v1 on the 2026 wire) is "n/a"; everything else must have run.
        // The compile-cache row needs Node >= 22.1 and is "n/a" on older lines.
        const supported =
          (!spec.impls || spec.impls.includes(impl)) &&
          (spec.kind !== 'startup-compile-cache' || hasCompileCache());
        const allowed = !supported ? ['n/a'] : impl === 'mcpkit' ? ['ok', 'n/a'] : ['ok'];
        expect(allowed, where).toContain(reported?.status);
        if (reported?.status === 'ok') expect(reported.median, where).toBeGreaterThan(0);
      }
    }
    expect(report.sizes.map((size) => size.name)).toEqual(SIZE_PROBES.map((probe) => probe.name));
    for (const size of report.sizes.filter((entry) => !entry.name.startsWith('mcpkit'))) {
      expect(size.gzipBytes, size.name).toBeGreaterThan(0);
    }
  });
});

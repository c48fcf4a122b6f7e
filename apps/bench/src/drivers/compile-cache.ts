import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { summarize } from '../harness/stats.js';
import type { ImplName, WorkloadParams } from '../harness/workloads.js';
import type { Measurement } from './measure.js';
import { startupProbe, ZOD_FLOOR_SCRIPT } from './startup.js';
import { NotReadyError, serverScript } from './targets.js';

// Node 22.1 added an on-disk cache of compiled modules (`NODE_COMPILE_CACHE`,
// `module.enableCompileCache()`): a process started again with the same code skips parsing and
// compiling what an earlier one cached. Startup is mostly that work for an SDK server, so the
// compile-cache row measures the same spawn with and without it, interleaved.

/** Whether this Node has the module compile cache (22.1 and later). */
export function hasCompileCache(version = process.versions.node): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 1);
}

export interface CompileCacheStartup {
  /** Median ms to the first tools/list answer with a warm compile cache. */
  cachedMs: number;
  /** The same without the cache, spawned alternately with the cached ones. */
  uncachedMs: number;
  spawns: number;
}

/**
 * Spawns `script` `warmup + count` times with NODE_COMPILE_CACHE pointing at a fresh directory
 * (the warm-up spawns fill it) and as many times without, alternately; returns both medians.
 */
export async function compileCacheStartup(
  script: string,
  warmup: number,
  count: number,
): Promise<CompileCacheStartup> {
  const cacheDir = mkdtempSync(join(tmpdir(), 'mcpkit-bench-compile-cache-'));
  const withCache = { ...process.env, NODE_COMPILE_CACHE: cacheDir };
  const withoutCache = { ...process.env };
  delete withoutCache.NODE_COMPILE_CACHE;
  delete withoutCache.NODE_DISABLE_COMPILE_CACHE;
  const cached: number[] = [];
  const uncached: number[] = [];
  try {
    // At least one warm-up spawn: the first one with the cache is the one that writes it.
    for (let i = 0; i < Math.max(1, warmup) + count; i++) {
      const cachedMs = await startupProbe(script, withCache);
      const uncachedMs = await startupProbe(script, withoutCache);
      if (i < Math.max(1, warmup)) continue;
      cached.push(cachedMs);
      uncached.push(uncachedMs);
    }
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
  return {
    cachedMs: summarize(cached)!.median,
    uncachedMs: summarize(uncached)!.median,
    spawns: cached.length,
  };
}

/** The `startup-compile-cache` row: the startup row's server, with the cache against without. */
export async function startupWithCompileCache(impl: ImplName, p: WorkloadParams): Promise<Measurement> {
  if (!hasCompileCache())
    throw new NotReadyError(
      `not supported: the module compile cache needs Node >= 22.1, this is ${process.version} (try --node 24)`,
    );
  const script = impl === 'raw' ? ZOD_FLOOR_SCRIPT : serverScript(impl, 'stdio');
  const result = await compileCacheStartup(script, p.warmup, p.count);
  return {
    value: result.cachedMs,
    detail: {
      spawns: result.spawns,
      uncachedMs: Number(result.uncachedMs.toFixed(1)),
      savedPercent: Number((100 * (1 - result.cachedMs / result.uncachedMs)).toFixed(1)),
    },
  };
}

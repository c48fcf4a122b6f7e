// The README's first command ends in `npx -y pnpm@10 start`: it must show the echo server's own line,
// not npm warnings about pnpm-only .npmrc keys nor turbo's banner, task summary or notices.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './repo.js';

/** The environment of a user's shell: without the npm_/pnpm_/turbo variables of the test runner. */
function userEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(npm_|pnpm_|turbo_|MCPKIT_DEBUG$)/i.test(key)) env[key] = value;
  }
  return env;
}

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    env: userEnvironment(),
    encoding: 'utf8',
    input: '', // stdin ends at once, so the stdio server exits after starting
    timeout: 240_000,
  });
  expect(result.error).toBeUndefined();
  return result;
}

describe('quiet start', () => {
  it('npm reads no pnpm-only keys from the project config (no "Unknown project config" warning)', () => {
    const result = run('npm', ['config', 'get', 'engine-strict']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('`npx -y pnpm@10 start` prints the server line on stderr and no npm or turbo output', () => {
    const result = run('npx', ['-y', 'pnpm@10', 'start']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^mcpkit-echo \S+: MCP over stdio /),
    ]);
    // stdout holds only pnpm's own "> package@ start" header of the script it runs (pnpm prints it
    // for every script unless run with --silent); no turbo line reaches either stream.
    const stdout = result.stdout.split('\n').filter((line) => line.trim() !== '');
    for (const line of stdout) expect(line).toMatch(/^> /);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(
      /turbo \d|Packages in scope|Tasks:|telemetry|npm warn/i,
    );
  });
});

// The README's first command ends in `npx -y pnpm@10 --silent start`: it must show the echo server's own
// line, not npm warnings about pnpm-only .npmrc keys nor turbo's banner, task summary or notices, and
// nothing at all on stdout (a stdio server's stdout is the protocol).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

  it("the README's start command prints the server line on stderr and nothing on stdout", () => {
    const firstLine = readFileSync(join(repoRoot, 'README.md'), 'utf8')
      .split('\n')
      .find((line) => line.startsWith('npx '));
    const start = firstLine?.split('&&')[1]?.split('#')[0]?.trim().split(/\s+/);
    expect(start?.slice(0, 3), `README's first command: ${firstLine}`).toEqual(['npx', '-y', 'pnpm@10']);
    const result = run('npx', (start ?? []).slice(1));
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^mcpkit-echo \S+: MCP over stdio /),
    ]);
    expect(result.stdout).toBe('');
  });
});

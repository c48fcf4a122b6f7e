// The API reference builds without a single typedoc warning: every public export and method has a
// doc comment, every type it uses is exported, every {@link} resolves. Runs `scripts/docs-api.mjs`
// (what `pnpm docs:api` runs after the build) into a temporary folder.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './repo.js';

describe('API reference (typedoc)', () => {
  it('builds from every exports subpath with no warnings', () => {
    const out = mkdtempSync(join(tmpdir(), 'mcpkit-api-'));
    try {
      const result = spawnSync(process.execPath, [join(repoRoot, 'scripts/docs-api.mjs'), '--out', out], {
        cwd: repoRoot,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
        timeout: 300_000,
      });
      expect(result.error).toBeUndefined();
      const warnings = `${result.stdout}${result.stderr}`
        .split('\n')
        .filter((line) => /\[(warning|error)\]/.test(line));
      expect(warnings, 'typedoc warnings: fix each at its source').toEqual([]);
      expect(result.status, result.stderr).toBe(0);
      // One page per package entry point, named as users import it.
      expect(existsSync(join(out, 'modules', '_mcpkit_server_tasks.html'))).toBe(true);
      expect(existsSync(join(out, 'modules', '_mcpkit_transport-http-server_node.html'))).toBe(true);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 360_000);
});

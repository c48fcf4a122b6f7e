// The API reference builds without a single typedoc warning: every public export and method has a
// doc comment, every type it uses is exported, every {@link} resolves. Runs `scripts/docs-api.mjs`
// (what `pnpm docs:api` runs after the build) into a temporary folder, and checks that the READMEs
// point at pages that exist.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
      // The root README and every published package's README say where its page is, and it is there.
      expect(readFileSync(join(repoRoot, 'README.md'), 'utf8')).toContain('build/api/index.html');
      for (const folder of readdirSync(join(repoRoot, 'packages'))) {
        const manifest = JSON.parse(readFileSync(join(repoRoot, 'packages', folder, 'package.json'), 'utf8'));
        if (manifest.private) continue;
        const page = `modules/_mcpkit_${folder}.html`;
        const readme = readFileSync(join(repoRoot, 'packages', folder, 'README.md'), 'utf8');
        expect(readme, `packages/${folder}/README.md names build/api/${page}`).toContain(`build/api/${page}`);
        expect(existsSync(join(out, page)), `${page} generated`).toBe(true);
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 360_000);
});

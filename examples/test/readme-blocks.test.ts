// Documentation that cannot lie: every ```ts (and ```js) block of every Markdown file in the repository is
// type-checked (whole blocks alone, `fragment` blocks with the names of readme-prelude/fragments.ts), and every
// whole program among them is run (see run-block.ts). Conventions: examples/README.md.
import { afterEach, describe, expect, it } from 'vitest';
import { stopAll } from './processes.js';
import { allBlocks, blockName } from './readme-blocks/extract.js';
import { runBlock, runModeOf } from './readme-blocks/run-block.js';
import { repoRoot, typecheckBlocks, type WrittenBlock, writeBlocks } from './readme-blocks/workspace.js';

const blocks = allBlocks(repoRoot);
let written: WrittenBlock[] = [];

afterEach(() => stopAll());

describe('Markdown code blocks (ts and js)', () => {
  it('are found in the READMEs, with no unknown flags and no file name used twice', () => {
    expect(blocks.length).toBeGreaterThan(30);
    const files = new Set(blocks.map((block) => block.file));
    expect(files).toContain('packages/server/README.md');
    expect(files).toContain('packages/transport-http-server/README.md');
    const typos = blocks.filter((block) => block.unknownFlags.length > 0);
    expect(
      typos.map((block) => `${blockName(block)}: unknown flag(s) ${block.unknownFlags.join(' ')}`),
    ).toEqual([]);
    const named = blocks.flatMap((block) => (block.fileName ? [`${block.file}: ${block.fileName}`] : []));
    const twice = named.filter((name, index) => named.indexOf(name) !== index);
    expect(twice, 'two blocks of one Markdown file written under one name').toEqual([]);
  });

  it('type-check', async () => {
    written = writeBlocks(blocks);
    const problems = await typecheckBlocks(written);
    if (problems.length > 0) expect.fail(`README blocks that do not type-check:\n\n${problems.join('\n\n')}`);
  });

  const programs = blocks.filter((block) => runModeOf(block) !== undefined);
  it.each(programs.map((block) => [blockName(block), block] as const))('run: %s', async (_name, block) => {
    if (written.length === 0) written = writeBlocks(blocks);
    await runBlock(block, written);
  });
});

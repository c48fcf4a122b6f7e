import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { McpServer } from '../server.js';
import { SkillsCatalog } from '../skills/index.js';
import { connect } from '../test-helpers/harness.js';
import { loadSkillsFolder } from './index.js';

const SKILL = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill\n---\n\nBody\n`;

let root = '';
let outside = '';
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'mcpkit-skills-'));
  outside = await mkdtemp(join(tmpdir(), 'mcpkit-outside-'));
  await mkdir(join(root, 'pdf/references'), { recursive: true });
  await writeFile(join(root, 'pdf/SKILL.md'), SKILL('pdf'));
  await writeFile(join(root, 'pdf/references/FORMS.md'), '# Forms\n');
  await mkdir(join(root, 'not-a-skill'));
  await writeFile(join(root, 'not-a-skill/notes.txt'), 'x');
  await writeFile(join(outside, 'secret.txt'), 'secret');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

describe('loadSkillsFolder', () => {
  it('serves each directory with a SKILL.md as a skill, its files as resources', async () => {
    const catalog = new SkillsCatalog();
    const server = new McpServer(
      { name: 't', version: '1' },
      { capabilities: { extensions: catalog.declaration } },
    );
    catalog.attach(server);
    expect(await loadSkillsFolder(root, catalog)).toEqual(['pdf']);
    const { request } = await connect(server);
    expect(await request('skills/list')).toMatchObject({
      skills: [
        {
          uri: 'skill://pdf/SKILL.md',
          frontmatter: { name: 'pdf', description: 'The pdf skill' },
          resources: [{ uri: 'skill://pdf/SKILL.md' }, { uri: 'skill://pdf/references/FORMS.md', size: 8 }],
        },
      ],
    });
    expect(await request('resources/read', { uri: 'skill://pdf/references/FORMS.md' })).toMatchObject({
      contents: [{ text: '# Forms\n' }],
    });
  });

  it('refuses a symlinked file that leaves the folder', async () => {
    await symlink(join(outside, 'secret.txt'), join(root, 'pdf/leak.txt'));
    await expect(loadSkillsFolder(root, new SkillsCatalog())).rejects.toThrow(/outside the skills folder/);
  });

  it('refuses a symlinked directory that leaves the folder, or one that loops', async () => {
    await symlink(outside, join(root, 'pdf/escape'));
    await expect(loadSkillsFolder(root, new SkillsCatalog())).rejects.toThrow(/outside the skills folder/);
    await rm(join(root, 'pdf/escape'));
    await symlink(join(root, 'pdf'), join(root, 'pdf/references/loop'));
    await expect(loadSkillsFolder(root, new SkillsCatalog())).rejects.toThrow(/links back to/);
  });

  it('refuses a path-traversing link into a sibling skill', async () => {
    await mkdir(join(root, 'other'));
    await writeFile(join(root, 'other/SKILL.md'), SKILL('other'));
    await symlink(join(root, 'other'), join(root, 'pdf/sibling'));
    await expect(loadSkillsFolder(root, new SkillsCatalog())).rejects.toThrow(/outside its skill/);
  });

  it('refuses a file over maxFileBytes, naming it and the limit', async () => {
    await writeFile(join(root, 'pdf/big.bin'), new Uint8Array(2048));
    await expect(loadSkillsFolder(root, new SkillsCatalog(), { maxFileBytes: 1024 })).rejects.toThrow(
      /big\.bin is 2048 bytes, over the 1024-byte limit/,
    );
  });

  it('refuses a skill directory whose name breaks the naming rules', async () => {
    await mkdir(join(root, 'Bad_Name'));
    await writeFile(join(root, 'Bad_Name/SKILL.md'), SKILL('Bad_Name'));
    await expect(loadSkillsFolder(root, new SkillsCatalog())).rejects.toThrow(/Agent Skills rules/);
  });
});

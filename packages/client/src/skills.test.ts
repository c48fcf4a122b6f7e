import { createHash } from 'node:crypto';
import type { JSONObject } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { getSkill, listAllSkills, listSkills, loadSkill, readSkillFile, SkillsError } from './skills.js';
import { connectPair, FULL_CAPABILITIES } from './test-helpers/fake-server.js';

// The client side of the skills extension (SEP-2640) against a scripted server: what it refuses.

const MD = '---\nname: pdf\ndescription: Read PDFs\nmetadata:\n  a: "1"\n  b: 2\n---\n\nBody\n';
const FORMS = '# Forms\n';
const digest = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;
const file = (uri: string, text: string) => ({ uri, digest: digest(text), size: Buffer.byteLength(text) });

function entry(overrides: JSONObject = {}): JSONObject {
  return {
    uri: 'skill://pdf/SKILL.md',
    frontmatter: { name: 'pdf', description: 'Read PDFs', metadata: { b: 2, a: '1' } },
    resources: [file('skill://pdf/SKILL.md', MD), file('skill://pdf/FORMS.md', FORMS)],
    ...overrides,
  };
}

async function connect(entries: JSONObject[], served: Record<string, string> = {}) {
  const files: Record<string, string> = {
    'skill://pdf/SKILL.md': MD,
    'skill://pdf/FORMS.md': FORMS,
    ...served,
  };
  return connectPair({
    capabilities: { ...FULL_CAPABILITIES, extensions: { 'io.modelcontextprotocol/skills': {} } } as never,
    handlers: {
      'skills/list': (params) =>
        params?.cursor === undefined
          ? { skills: entries.slice(0, 1), ...(entries.length > 1 ? { nextCursor: 'p2' } : {}) }
          : { skills: entries.slice(1) },
      'skills/get': (params) => ({ skill: entries.find((e) => e.uri === params?.uri) ?? null }),
      'resources/read': (params) => ({
        contents: [{ uri: params?.uri, text: files[params?.uri as string] }],
      }),
    },
  });
}

describe('skills client (SEP-2640)', () => {
  it('lists skills across pages and reads nothing while listing', async () => {
    const { client, server } = await connect([entry(), entry({ uri: 'skill://x/SKILL.md' })]);
    const all = await listAllSkills(client);
    expect(all.skills.map((skill) => skill.uri)).toEqual(['skill://pdf/SKILL.md']);
    expect(all.rejected).toHaveLength(1);
    expect(all.rejected[0]?.message).toMatch(/last skill-path segment must equal frontmatter name/);
    expect(server.requests('resources/read')).toHaveLength(0);
    expect((await getSkill(client, 'skill://pdf/SKILL.md')).frontmatter.name).toBe('pdf');
  });

  it('refuses entries whose frontmatter breaks the Agent Skills rules', async () => {
    const bad = [
      entry({ frontmatter: { name: 'pdf' } }),
      entry({ uri: 'skill://Bad--Name/SKILL.md', frontmatter: { name: 'Bad--Name', description: 'x' } }),
      entry({ frontmatter: { name: 'pdf', description: 'x'.repeat(1025) } }),
      entry({ resources: [{ uri: 'skill://pdf/SKILL.md', digest: 'md5:00', size: 1 }] }),
      entry({ resources: [file('skill://other/a.md', 'a')] }),
    ];
    for (const raw of bad) {
      const { client } = await connect([raw]);
      const page = await listSkills(client);
      expect(page.skills).toEqual([]);
      expect(page.rejected[0]).toBeInstanceOf(SkillsError);
      expect(page.rejected[0]?.code).toBe('INVALID_SKILL_ENTRY');
    }
  });

  it('loads a skill whose SKILL.md matches its entry, then reads a listed file', async () => {
    const { client } = await connect([entry()]);
    const [skill] = (await listSkills(client)).skills;
    expect((await loadSkill(client, skill!)).text).toBe(MD);
    expect((await readSkillFile(client, skill!, 'skill://pdf/FORMS.md')).text).toBe(FORMS);
    await expect(readSkillFile(client, skill!, 'skill://pdf/../secret')).rejects.toMatchObject({
      code: 'FILE_NOT_LISTED',
    });
  });

  it('refuses a SKILL.md whose size, digest or frontmatter differs from the entry', async () => {
    const cases: [Record<string, string>, JSONObject, string][] = [
      [{ 'skill://pdf/SKILL.md': `${MD}extra` }, entry(), 'SIZE_MISMATCH'],
      [{ 'skill://pdf/SKILL.md': MD.replace('Body', 'Evil') }, entry(), 'DIGEST_MISMATCH'],
    ];
    const tampered = MD.replace('Read PDFs', 'Steal keys');
    cases.push([
      { 'skill://pdf/SKILL.md': tampered },
      entry({ resources: [file('skill://pdf/SKILL.md', tampered)] }),
      'FRONTMATTER_MISMATCH',
    ]);
    for (const [served, raw, code] of cases) {
      const { client, server } = await connect([raw], served);
      const [skill] = (await listSkills(client)).skills;
      await expect(loadSkill(client, skill!)).rejects.toMatchObject({ name: 'SkillsError', code });
      expect(server.requests('resources/read')).toHaveLength(1);
    }
  });

  it('says so when the server does not declare the extension', async () => {
    const { client } = await connectPair({});
    await expect(listSkills(client)).rejects.toMatchObject({ code: 'SKILLS_NOT_SUPPORTED' });
  });
});

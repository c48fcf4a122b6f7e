import { createHash } from 'node:crypto';
import type { JsonRpcError } from '@mcpkit/jsonrpc';
import { describe, expect, it } from 'vitest';
import { McpServer } from '../server.js';
import { connect, settle } from '../test-helpers/harness.js';
import { MAX_SKILL_FILES, SkillsCatalog } from './index.js';

const SKILL = (name: string, description = 'Does a thing') =>
  `---\nname: ${name}\ndescription: ${description}\nmetadata:\n  author: "me"\n  version: 2\n---\n\n# ${name}\n`;

const digest = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

async function skillsServer(options: ConstructorParameters<typeof SkillsCatalog>[0] = {}) {
  const skills = new SkillsCatalog(options);
  const server = new McpServer(
    { name: 'test', version: '1.0.0' },
    { capabilities: { extensions: skills.declaration } },
  );
  skills.attach(server);
  await skills.add({
    path: 'pdf',
    files: [
      { path: 'SKILL.md', content: SKILL('pdf') },
      { path: 'references/FORMS.md', content: '# Forms\n' },
      { path: 'bin/tool.bin', content: new Uint8Array([0, 255, 1]) },
    ],
  });
  await skills.add({ path: 'acme/review', files: [{ path: 'SKILL.md', content: SKILL('review') }] });
  return { server, skills };
}

describe('skills extension (SEP-2640) on the server', () => {
  it('declares the extension at 2025-11-25 and lists each skill with verbatim frontmatter and digests', async () => {
    const { server } = await skillsServer({ directoryRead: true });
    const { request } = await connect(server);
    expect(server.initializeResult('2025-11-25')).toMatchObject({
      capabilities: { extensions: { 'io.modelcontextprotocol/skills': { directoryRead: true } } },
    });
    expect(server.initializeResult('2025-06-18')).not.toHaveProperty('capabilities.extensions');
    const list = await request('skills/list');
    expect(list.skills).toEqual([
      {
        uri: 'skill://pdf/SKILL.md',
        frontmatter: { name: 'pdf', description: 'Does a thing', metadata: { author: 'me', version: 2 } },
        resources: [
          { uri: 'skill://pdf/SKILL.md', digest: digest(SKILL('pdf')), size: SKILL('pdf').length },
          { uri: 'skill://pdf/references/FORMS.md', digest: digest('# Forms\n'), size: 8 },
          {
            uri: 'skill://pdf/bin/tool.bin',
            digest: `sha256:${createHash('sha256')
              .update(new Uint8Array([0, 255, 1]))
              .digest('hex')}`,
            size: 3,
          },
        ],
      },
      expect.objectContaining({ uri: 'skill://acme/review/SKILL.md' }),
    ]);
  });

  it('pages skills/list whole entries at a time and refuses a forged cursor', async () => {
    const { server } = await skillsServer({ pageSize: 1 });
    const { request } = await connect(server);
    const first = await request('skills/list');
    expect((first.skills as unknown[]).length).toBe(1);
    const second = await request('skills/list', { cursor: first.nextCursor as string });
    expect(second).toMatchObject({ skills: [{ uri: 'skill://acme/review/SKILL.md' }] });
    expect(second).not.toHaveProperty('nextCursor');
    await expect(request('skills/list', { cursor: 'zzz' })).rejects.toMatchObject({ code: -32602 });
  });

  it('gets one skill by URI, -32602 for an unknown one', async () => {
    const { server } = await skillsServer();
    const { request } = await connect(server);
    expect(await request('skills/get', { uri: 'skill://acme/review/SKILL.md' })).toMatchObject({
      skill: { uri: 'skill://acme/review/SKILL.md', frontmatter: { name: 'review' } },
    });
    const error = (await request('skills/get', { uri: 'skill://nope/SKILL.md' }).catch(
      (e) => e,
    )) as JsonRpcError;
    expect(error.code).toBe(-32602);
    expect(error.message).toContain('skill://nope/SKILL.md');
  });

  it('serves every file as a resource: SKILL.md as text/markdown named after the frontmatter, bytes as blob', async () => {
    const { server } = await skillsServer();
    const { request } = await connect(server);
    const listed = (await request('resources/list')).resources as { uri: string }[];
    expect(listed).toContainEqual({
      uri: 'skill://pdf/SKILL.md',
      name: 'pdf',
      description: 'Does a thing',
      mimeType: 'text/markdown',
      size: SKILL('pdf').length,
    });
    expect(await request('resources/read', { uri: 'skill://pdf/SKILL.md' })).toEqual({
      contents: [{ uri: 'skill://pdf/SKILL.md', mimeType: 'text/markdown', text: SKILL('pdf') }],
    });
    expect(await request('resources/read', { uri: 'skill://pdf/bin/tool.bin' })).toMatchObject({
      contents: [{ blob: Buffer.from([0, 255, 1]).toString('base64') }],
    });
  });

  it('reads directories only when directoryRead is declared; a file URI gets -32602', async () => {
    const off = await connect((await skillsServer()).server);
    await expect(off.request('resources/directory/read', { uri: 'skill://pdf' })).rejects.toMatchObject({
      code: -32601,
    });
    const { request } = await connect((await skillsServer({ directoryRead: true })).server);
    expect(await request('resources/directory/read', { uri: 'skill://pdf' })).toEqual({
      resources: [
        { uri: 'skill://pdf/references', name: 'references', mimeType: 'inode/directory' },
        { uri: 'skill://pdf/bin', name: 'bin', mimeType: 'inode/directory' },
        {
          uri: 'skill://pdf/SKILL.md',
          name: 'SKILL.md',
          mimeType: 'text/markdown',
          size: SKILL('pdf').length,
        },
      ],
    });
    await expect(request('resources/directory/read', { uri: 'skill://pdf/SKILL.md' })).rejects.toMatchObject({
      code: -32602,
    });
  });

  it('keeps digests in step when a skill is replaced, and tells clients the resources changed', async () => {
    const { server, skills } = await skillsServer();
    const harness = await connect(server);
    await skills.add({ path: 'pdf', files: [{ path: 'SKILL.md', content: SKILL('pdf', 'New text') }] });
    await harness.waitFor('notifications/resources/list_changed', 5000);
    const { skill } = (await harness.request('skills/get', { uri: 'skill://pdf/SKILL.md' })) as {
      skill: { resources: { digest: string }[] };
    };
    expect(skill.resources).toEqual([
      {
        uri: 'skill://pdf/SKILL.md',
        digest: digest(SKILL('pdf', 'New text')),
        size: SKILL('pdf', 'New text').length,
      },
    ]);
    expect(await harness.request('resources/read', { uri: 'skill://pdf/SKILL.md' })).toMatchObject({
      contents: [{ text: SKILL('pdf', 'New text') }],
    });
    await expect(
      harness.request('resources/read', { uri: 'skill://pdf/references/FORMS.md' }),
    ).rejects.toBeDefined();
    expect(skills.remove('acme/review')).toBe(true);
    await settle();
    expect(((await harness.request('skills/list')).skills as unknown[]).length).toBe(1);
  });

  it('refuses skills that break SEP-2640 or the Agent Skills rules, saying why', async () => {
    const skills = new SkillsCatalog();
    const md = { path: 'SKILL.md', content: SKILL('good') };
    await expect(skills.add({ path: 'Bad--Name', files: [md] })).rejects.toThrow(/Agent Skills rules/);
    await expect(skills.add({ path: 'other', files: [md] })).rejects.toThrow(
      /must equal the last path segment/,
    );
    await expect(skills.add({ path: 'good', files: [] })).rejects.toThrow(/no UTF-8 SKILL.md/);
    await expect(
      skills.add({ path: 'good', files: [{ path: 'SKILL.md', content: '---\nname: good\n---\n' }] }),
    ).rejects.toThrow(/description is required/);
    await expect(skills.add({ path: 'good', files: [md, { path: '../x', content: '' }] })).rejects.toThrow(
      /not a plain name/,
    );
    await expect(
      skills.add({ path: 'good', files: [{ path: 'SKILL.md', content: 'no frontmatter' }] }),
    ).rejects.toThrow(/must begin with a --- line/);
    const many = Array.from({ length: MAX_SKILL_FILES }, (_, i) => ({ path: `f${i}.txt`, content: '' }));
    await expect(skills.add({ path: 'good', files: [md, ...many] })).rejects.toThrow(/at most 512/);
    const big = new Uint8Array(16 * 1024 * 1024);
    await expect(
      skills.add({ path: 'good', files: [md, { path: 'big.bin', content: big }] }),
    ).rejects.toThrow(/16 MiB/);
  });

  it('adds cache hints to skills/list and skills/get at 2026-07-28', async () => {
    const { server } = await skillsServer();
    const ctx = {
      protocolVersion: '2026-07-28',
      clientCapabilities: {},
      clientInfo: { name: 'c', version: '1' },
      signal: new AbortController().signal,
    };
    const outcome = await server.handle({ method: 'skills/list' }, ctx as never);
    expect(outcome).toMatchObject({
      type: 'result',
      result: { ttlMs: 0, cacheScope: 'private', resultType: 'complete' },
    });
  });
});

// The skills extension (SEP-2640) end to end with real processes: our server serves a folder of
// skills from disk (loadSkillsFolder) over stdio and over Streamable HTTP on 127.0.0.1, and our
// client lists them, loads one (SKILL.md verified against its listed size, digest and
// frontmatter) and reads its other file, verified too.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpClient } from '@mcpkit/client';
import { listAllSkills, loadSkill, readSkillFile } from '@mcpkit/client/skills';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { StdioClientTransport } from '@mcpkit/transport-stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('./fixtures/skills-server.mjs', import.meta.url));
const SKILL_MD =
  '---\nname: pdf-processing\ndescription: Extract text from PDFs\nmetadata:\n  owner: docs\n---\n\nUse it.\n';
const FORMS = '# Forms\n\nFill them in order.\n';

let folder = '';
const children: ChildProcess[] = [];
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'mcpkit-skills-interop-'));
  await mkdir(join(folder, 'pdf-processing/references'), { recursive: true });
  await writeFile(join(folder, 'pdf-processing/SKILL.md'), SKILL_MD);
  await writeFile(join(folder, 'pdf-processing/references/FORMS.md'), FORMS);
});
afterAll(async () => {
  for (const child of children) child.kill();
  await rm(folder, { recursive: true, force: true });
});

async function exercise(client: McpClient, protocolVersion: string) {
  expect(client.protocolVersion).toBe(protocolVersion);
  const { skills, rejected } = await listAllSkills(client);
  expect(rejected).toEqual([]);
  expect(skills).toHaveLength(1);
  const [skill] = skills;
  expect(skill!.frontmatter).toEqual({
    name: 'pdf-processing',
    description: 'Extract text from PDFs',
    metadata: { owner: 'docs' },
  });
  expect((await loadSkill(client, skill!)).text).toBe(SKILL_MD);
  const forms = await readSkillFile(client, skill!, 'skill://pdf-processing/references/FORMS.md');
  expect(forms.text).toBe(FORMS);
}

describe('skills over real processes', () => {
  for (const protocolVersion of ['2025-11-25', '2026-07-28']) {
    it(`stdio at ${protocolVersion}`, { timeout: 60_000 }, async () => {
      const client = new McpClient({ name: 'skills-client', version: '1.0.0' }, { protocolVersion });
      await client.connect(
        new StdioClientTransport({ command: process.execPath, args: [SCRIPT, folder, 'stdio'] }),
      );
      try {
        await exercise(client, protocolVersion);
      } finally {
        await client.close();
      }
    });

    it(`Streamable HTTP at ${protocolVersion}`, { timeout: 60_000 }, async () => {
      const child = spawn(process.execPath, [SCRIPT, folder, 'http'], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      child.stdout!.setEncoding('utf8');
      let text = '';
      while (!text.includes('\n')) {
        const [chunk] = (await Promise.race([once(child.stdout!, 'data'), once(child, 'exit')])) as [unknown];
        if (typeof chunk !== 'string')
          throw new Error(`the skills server exited (${String(chunk)}) before listening`);
        text += chunk;
      }
      const client = new McpClient({ name: 'skills-client', version: '1.0.0' }, { protocolVersion });
      const transport = new StreamableHttpClientTransport(new URL('/mcp', text.trim()), {
        messageHeaders: client.messageHeaders,
      });
      await client.connect(transport);
      try {
        await exercise(client, protocolVersion);
      } finally {
        await client.close();
      }
    });
  }
});

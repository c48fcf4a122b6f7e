import { PROTOCOL_VERSIONS } from '@mcpkit/protocol/essentials';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer } from '../server.js';
import { connect } from '../test-helpers/harness.js';
import { FEATURE_SINCE, type Feature, Since, supports } from './revisions.js';

function richServer() {
  const server = new McpServer({ name: 't', version: '1' });
  server.tool(
    'rich',
    {
      title: 'Rich',
      description: 'everything',
      outputSchema: z.object({ ok: z.boolean() }),
      annotations: { readOnlyHint: true },
      icons: [{ src: 'https://example.com/i.png' }],
      execution: { taskSupport: 'forbidden' },
      _meta: { m: 1 },
    },
    () => ({
      content: [
        { type: 'text', text: 't', annotations: { priority: 1, lastModified: '2025-01-01T00:00:00Z' } },
        { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
        { type: 'resource_link', uri: 'test://doc', name: 'doc' },
      ],
      structuredContent: { ok: true },
    }),
  );
  server.resource(
    'test://doc',
    { name: 'doc', title: 'Doc', icons: [{ src: 'https://example.com/d.png' }], _meta: { m: 2 } },
    () => 'd',
  );
  server.prompt('p', { title: 'P', arguments: [{ name: 'a', title: 'A' }] }, () => 'p');
  return server;
}

async function snapshot(version: string) {
  const h = await connect(richServer(), { protocolVersion: version });
  return {
    tool: ((await h.request('tools/list')).tools as Record<string, unknown>[])[0],
    call: await h.request('tools/call', { name: 'rich' }),
    resource: ((await h.request('resources/list')).resources as Record<string, unknown>[])[0],
    prompt: ((await h.request('prompts/list')).prompts as Record<string, unknown>[])[0],
  };
}

describe('revision shaping', () => {
  it('sends everything to 2025-11-25 clients', async () => {
    const { tool, call, resource, prompt } = await snapshot('2025-11-25');
    expect(Object.keys(tool!).sort()).toEqual(
      [
        '_meta',
        'annotations',
        'description',
        'execution',
        'icons',
        'inputSchema',
        'name',
        'outputSchema',
        'title',
      ].sort(),
    );
    expect(call.structuredContent).toEqual({ ok: true });
    expect((call.content as { type: string }[]).map((c) => c.type)).toEqual([
      'text',
      'audio',
      'resource_link',
    ]);
    expect(resource).toHaveProperty('icons');
    expect(prompt).toEqual({ name: 'p', title: 'P', arguments: [{ name: 'a', title: 'A' }] });
  });

  it('drops icons and execution for 2025-06-18', async () => {
    const { tool, resource } = await snapshot('2025-06-18');
    expect(tool).not.toHaveProperty('icons');
    expect(tool).not.toHaveProperty('execution');
    expect(tool).toHaveProperty('outputSchema');
    expect(resource).toEqual({ uri: 'test://doc', name: 'doc', title: 'Doc', _meta: { m: 2 } });
  });

  it('drops title, outputSchema, structuredContent and resource links for 2025-03-26', async () => {
    const { tool, call, resource, prompt } = await snapshot('2025-03-26');
    expect(Object.keys(tool!).sort()).toEqual(['annotations', 'description', 'inputSchema', 'name']);
    expect(call).not.toHaveProperty('structuredContent');
    expect(call.content).toEqual([
      { type: 'text', text: 't', annotations: { priority: 1 } },
      { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
      { type: 'text', text: 'doc: test://doc' },
    ]);
    expect(resource).toEqual({ uri: 'test://doc', name: 'doc' });
    expect(prompt).toEqual({ name: 'p', arguments: [{ name: 'a' }] });
  });

  it('drops tool annotations and audio for 2024-11-05', async () => {
    const { tool, call } = await snapshot('2024-11-05');
    expect(Object.keys(tool!).sort()).toEqual(['description', 'inputSchema', 'name']);
    expect((call.content as { type: string; text?: string }[])[1]).toEqual({
      type: 'text',
      text: '[audio content (audio/wav) not supported by this client]',
    });
  });
});

describe('supports', () => {
  const features = Object.keys(FEATURE_SINCE) as Feature[];

  it('answers by the order of PROTOCOL_VERSIONS for every known revision and feature', () => {
    // supports() compares revisions as strings: it holds only while the list is in date order.
    for (const version of PROTOCOL_VERSIONS) {
      for (const feature of features) {
        const expected =
          PROTOCOL_VERSIONS.indexOf(version) >= PROTOCOL_VERSIONS.indexOf(FEATURE_SINCE[feature]);
        expect(supports(version, feature), `${version} ${feature}`).toBe(expected);
      }
    }
  });

  it('is asked of the same table as the core asks (Since)', () => {
    expect({ ...Since }).toEqual(FEATURE_SINCE);
  });

  it('treats unknown versions as the newest, whatever they look like', () => {
    for (const version of ['', '1.0', '2024-01-01', '2099-12-31', 'DRAFT-2027-v1']) {
      for (const feature of features) expect(supports(version, feature), `${version} ${feature}`).toBe(true);
    }
  });
});

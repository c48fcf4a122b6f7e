import { PROTOCOL_VERSIONS } from '@mcpkit/protocol/essentials';
import { describe, expect, it } from 'vitest';
import { shapeCallToolResult, shapeContentBlock } from './shape-results.js';

// Every kind of content block, with every field a revision may lack.
const BLOCKS = [
  {
    type: 'text',
    text: 't',
    annotations: { priority: 1, lastModified: '2025-01-01T00:00:00Z' },
    _meta: { m: 1 },
  },
  { type: 'image', data: 'AAAA', mimeType: 'image/png', _meta: { m: 2 } },
  { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
  { type: 'resource_link', uri: 'test://doc', name: 'doc', _meta: { m: 3 } },
  { type: 'resource', resource: { uri: 'test://doc', text: 'd', _meta: { m: 4 } }, _meta: { m: 5 } },
];

describe('shapeCallToolResult', () => {
  it('sends the blocks as they are from 2025-06-18 on, since no block field or type is newer', () => {
    // shapeCallToolResult skips shapeContentBlock from 2025-06-18 on: this holds it to that.
    for (const version of PROTOCOL_VERSIONS.filter((v) => v >= '2025-06-18')) {
      for (const block of BLOCKS) expect(shapeContentBlock(block, version), version).toEqual(block);
      const content = [...BLOCKS];
      expect(shapeCallToolResult({ content }, version).content, version).toBe(content);
    }
  });

  it('still shapes the blocks for older revisions', () => {
    const shaped = shapeCallToolResult({ content: [...BLOCKS] }, '2025-03-26').content;
    expect(shaped).toEqual(BLOCKS.map((block) => shapeContentBlock(block, '2025-03-26')));
    expect(shaped).toContainEqual({ type: 'text', text: 'doc: test://doc' });
    expect(shaped).toContainEqual({ type: 'text', text: 't', annotations: { priority: 1 } });
  });

  it('drops structuredContent where the revision lacks it, and only there', () => {
    const structured = { content: [], structuredContent: { ok: true } };
    expect(shapeCallToolResult({ ...structured }, '2025-03-26')).toEqual({ content: [] });
    expect(shapeCallToolResult({ ...structured }, '2025-06-18')).toEqual(structured);
    const list = { content: [], structuredContent: [1, 2] };
    expect(shapeCallToolResult({ ...list }, '2025-11-25')).toEqual({ content: [] });
    expect(shapeCallToolResult({ ...list }, '2026-07-28')).toEqual(list);
  });
});

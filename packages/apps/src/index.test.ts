import { RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import { describe, expect, it } from 'vitest';
import { UI_EXTENSION_ID, UI_RESOURCE_MIME_TYPE } from './index.js';

describe('shared MCP Apps constants', () => {
  it('use the MIME type the ext-apps SDK writes, so its hosts render our resources', () => {
    expect(UI_RESOURCE_MIME_TYPE).toBe(RESOURCE_MIME_TYPE);
  });

  it('name the extension as SEP-1865 does', () => {
    expect(UI_EXTENSION_ID).toBe('io.modelcontextprotocol/ui');
  });
});

import { describe, expect, it } from 'vitest';
import { toolUiResourceUri, toolVisibleTo } from './tool-meta.js';

describe('tool metadata as hosts read it', () => {
  it('finds the UI resource in _meta.ui first, then in the deprecated flat key', () => {
    expect(
      toolUiResourceUri({ _meta: { ui: { resourceUri: 'ui://a' }, 'ui/resourceUri': 'ui://old' } }),
    ).toBe('ui://a');
    expect(toolUiResourceUri({ _meta: { 'ui/resourceUri': 'ui://old' } })).toBe('ui://old');
    expect(toolUiResourceUri({ _meta: { ui: { visibility: ['app'] } } })).toBeUndefined();
    expect(toolUiResourceUri({})).toBeUndefined();
  });

  it('lets model and app call a tool unless its visibility leaves them out', () => {
    expect(toolVisibleTo({}, 'model')).toBe(true);
    expect(toolVisibleTo({ _meta: { ui: { resourceUri: 'ui://a' } } }, 'app')).toBe(true);
    expect(toolVisibleTo({ _meta: { ui: { visibility: ['app'] } } }, 'model')).toBe(false);
    expect(toolVisibleTo({ _meta: { ui: { visibility: ['app'] } } }, 'app')).toBe(true);
    expect(toolVisibleTo({ _meta: { ui: { visibility: ['model'] } } }, 'app')).toBe(false);
  });
});

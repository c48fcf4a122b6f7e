import { describe, expect, it } from 'vitest';
import { hasCompileCache } from './compile-cache.js';

describe('hasCompileCache', () => {
  it('is true from Node 22.1 on, where NODE_COMPILE_CACHE and module.enableCompileCache exist', () => {
    expect(hasCompileCache('20.20.2')).toBe(false);
    expect(hasCompileCache('22.0.0')).toBe(false);
    expect(hasCompileCache('22.1.0')).toBe(true);
    expect(hasCompileCache('24.22.3')).toBe(true);
    expect(hasCompileCache('26.12.1')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { unresolvableRanges } from './packing.js';

describe('unresolvableRanges', () => {
  it('names every workspace: and catalog: range, in every dependency field, and nothing else', () => {
    const manifest = {
      name: '@mcpkit/example',
      version: '0.1.0',
      dependencies: { '@mcpkit/jsonrpc': 'workspace:^', 'uri-template': '^2.0.0' },
      peerDependencies: { zod: 'catalog:' },
      optionalDependencies: { a: 'catalog:default' },
      devDependencies: { b: 'workspace:*', c: '1.2.3' },
    };
    expect(unresolvableRanges(manifest)).toEqual([
      '@mcpkit/example dependencies.@mcpkit/jsonrpc: workspace:^',
      '@mcpkit/example peerDependencies.zod: catalog:',
      '@mcpkit/example optionalDependencies.a: catalog:default',
      '@mcpkit/example devDependencies.b: workspace:*',
    ]);
  });
});

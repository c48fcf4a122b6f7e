// Pins what is published: a change to a package's name, `private` flag or `exports` keys must be
// made here too, deliberately, with a changeset.
import { describe, expect, it } from 'vitest';
import { workspaceManifests } from './repo.js';

const pinned: Record<string, { private: boolean; exports: string[] }> = {
  '@mcpkit/apps': { private: false, exports: ['.', './server', './app', './host'] },
  '@mcpkit/auth-client': { private: false, exports: ['.', './node'] },
  '@mcpkit/auth-server': { private: false, exports: ['.'] },
  '@mcpkit/bench': { private: true, exports: ['.'] },
  '@mcpkit/cli': { private: false, exports: ['.'] },
  '@mcpkit/client': { private: false, exports: ['.', './skills', './tasks-extension'] },
  '@mcpkit/cluster': { private: true, exports: ['.'] },
  '@mcpkit/conformance': { private: true, exports: ['.'] },
  '@mcpkit/echo-server': { private: true, exports: ['.'] },
  '@mcpkit/fastify': { private: false, exports: ['.'] },
  '@mcpkit/gateway': { private: false, exports: ['.'] },
  '@mcpkit/hono': { private: false, exports: ['.'] },
  '@mcpkit/integration-tests': { private: true, exports: ['.'] },
  '@mcpkit/release-check': { private: true, exports: [] },
  '@mcpkit/runtimes': { private: true, exports: [] },
  '@mcpkit/jsonrpc': { private: false, exports: ['.', './testing'] },
  '@mcpkit/otel': { private: false, exports: ['.'] },
  '@mcpkit/protocol': { private: false, exports: ['.', './essentials', './json-schema'] },
  '@mcpkit/server': {
    private: false,
    exports: ['.', './node', './official-sdk', './request-state', './skills', './tasks', './uri-template'],
  },
  '@mcpkit/store-redis': { private: false, exports: ['.'] },
  '@mcpkit/test-support': { private: true, exports: ['.'] },
  '@mcpkit/testing': { private: false, exports: ['.'] },
  '@mcpkit/transport-http-client': { private: false, exports: ['.'] },
  '@mcpkit/transport-http-server': { private: false, exports: ['.', './node'] },
  '@mcpkit/transport-stdio': { private: false, exports: ['.', './content-length'] },
};

describe('public surface', () => {
  const manifests = workspaceManifests();

  it('has exactly the pinned packages', () => {
    expect(manifests.map((m) => m.name)).toEqual(Object.keys(pinned).sort());
  });

  for (const manifest of manifests) {
    it(`${manifest.name} keeps its private flag and exports keys`, () => {
      const expected = pinned[manifest.name];
      expect(expected, `${manifest.name} is not pinned in public-surface.test.ts`).toBeDefined();
      expect(manifest.private === true).toBe(expected!.private);
      expect(Object.keys(manifest.exports ?? {}).sort()).toEqual([...expected!.exports].sort());
    });
  }

  it('publishes ESM and CommonJS, each with its own types, for every export of a public package', () => {
    for (const manifest of manifests.filter((m) => !m.private)) {
      for (const [key, target] of Object.entries(manifest.exports ?? {})) {
        expect(target, `${manifest.name} exports[${key}]`).toEqual({
          import: {
            types: expect.stringMatching(/^\.\/dist\/.*\.d\.ts$/),
            default: expect.stringMatching(/^\.\/dist\/.*\.js$/),
          },
          require: {
            types: expect.stringMatching(/^\.\/dist\/.*\.d\.cts$/),
            default: expect.stringMatching(/^\.\/dist\/.*\.cjs$/),
          },
        });
      }
    }
  });

  it('keeps zod a peer dependency of every public package that needs it', () => {
    for (const manifest of manifests.filter((m) => !m.private)) {
      expect(manifest.dependencies?.zod, `${manifest.name} must not pin zod`).toBeUndefined();
      if (manifest.peerDependencies?.zod) expect(manifest.peerDependencies.zod).toBe('^4.0.0');
    }
  });
});

// Our client over stdio against official SDK servers of both eras, by default negotiation and
// pinned: the v2 server speaks 2026-07-28, the v1 server only the stateful revisions.
import { join } from 'node:path';
import { McpClient } from '@mcpkit/client';
import { StdioClientTransport } from '@mcpkit/transport-stdio';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../workspace/repo.js';

const script = join(repoRoot, 'apps/integration-tests/dist/dual-era/official-stdio-server.js');
const transport = (era: 'v1' | 'v2') =>
  new StdioClientTransport({ command: process.execPath, args: [script, era] });

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

function ourClient(protocolVersion?: string): McpClient {
  const client = new McpClient(
    { name: 'ours', version: '1.0.0' },
    protocolVersion ? { protocolVersion } : {},
  );
  closers.push(() => client.close());
  return client;
}

const text = (result: { content: unknown[] }) => (result.content[0] as { text?: string }).text;

describe('our client over stdio against official SDK servers of both eras', () => {
  it('official v2: 2026-07-28 by default and when pinned, 2025-11-25 when pinned to it, all at once', async () => {
    const byDefault = ourClient();
    const pinnedModern = ourClient('2026-07-28');
    const pinnedLegacy = ourClient('2025-11-25');
    await Promise.all([
      byDefault.connect(transport('v2')),
      pinnedModern.connect(transport('v2')),
      pinnedLegacy.connect(transport('v2')),
    ]);
    expect(byDefault.protocolVersion).toBe('2026-07-28');
    expect(pinnedModern.protocolVersion).toBe('2026-07-28');
    expect(pinnedLegacy.protocolVersion).toBe('2025-11-25');
    const clients = [byDefault, pinnedModern, pinnedLegacy];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        clients[i % 3]!.callTool({ name: 'echo', arguments: { message: `m${i}` } }),
      ),
    );
    expect(answers.map(text)).toEqual(Array.from({ length: 12 }, (_, i) => `v2: m${i}`));
  });

  it('official v1: the default client falls back to initialize; pinned to 2025-11-25 it connects directly', async () => {
    const byDefault = ourClient();
    const pinned = ourClient('2025-11-25');
    await Promise.all([byDefault.connect(transport('v1')), pinned.connect(transport('v1'))]);
    expect(byDefault.protocolVersion).toMatch(/^2025-/);
    expect(pinned.protocolVersion).toBe('2025-11-25');
    expect(text(await byDefault.callTool({ name: 'echo', arguments: { message: 'a' } }))).toBe('v1: a');
    expect(text(await pinned.callTool({ name: 'echo', arguments: { message: 'b' } }))).toBe('v1: b');
  });

  it('official v1: a client that accepts only 2026-07-28 refuses it, naming what it supports', async () => {
    const modernOnly = new McpClient(
      { name: 'ours', version: '1.0.0' },
      { protocolVersion: '2026-07-28', supportedProtocolVersions: ['2026-07-28'] },
    );
    closers.push(() => modernOnly.close());
    await expect(modernOnly.connect(transport('v1'))).rejects.toThrow(
      /did not answer server\/discover.*supported: 2026-07-28/,
    );
  });
});

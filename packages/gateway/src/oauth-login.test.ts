// HTTP -> stdio with an OAuth login, through the built CLI: the user signs in once (the test plays
// the browser), tokens are kept in a file only the user reads, reused by the next run and refreshed.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StdioClientTransport } from '@mcpkit/transport-stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { startOAuthServers } from './test-helpers/oauth-servers.js';
import { Cleanup, connectClient } from './test-helpers/processes.js';

const BIN = fileURLToPath(new URL('../bin/mcpkit-gateway.mjs', import.meta.url));
const cleanup = new Cleanup();
afterEach(() => cleanup.run());

/** The CLI as a stdio server for `url`, signing in through a "browser" that approves at once. */
function gatewayOverStdio(url: string, tokenFile: string, signIns: string[]) {
  const config = join(dirname(tokenFile), 'gateway.json');
  writeFileSync(config, JSON.stringify({ upstream: { url, oauth: { tokenFile, openBrowser: false } } }));
  return new StdioClientTransport({
    command: process.execPath,
    args: [BIN, config],
    onstderr: (text) => {
      const link = /sign in to \S+ at (\S+)/.exec(text)?.[1];
      if (link === undefined) return;
      signIns.push(link);
      // The browser: follows the authorization server's redirect back to the loopback receiver.
      void fetch(link).then((response) => response.text());
    },
  });
}

describe('HTTP -> stdio with an OAuth login', () => {
  it('signs in once, keeps the tokens in a file only the user reads, reuses and refreshes them', async () => {
    const servers = cleanup.add(await startOAuthServers(), (s) => s.close());
    const tokenFile = join(mkdtempSync(join(tmpdir(), 'mcpkit-gateway-oauth-')), 'tokens.json');
    const signIns: string[] = [];

    const first = await connectClient(cleanup, gatewayOverStdio(servers.mcpUrl, tokenFile, signIns), {
      protocolVersion: '2025-11-25',
    });
    const echoed = await first.callTool({ name: 'echo', arguments: { message: 'signed in' } });
    expect(echoed.content).toEqual([{ type: 'text', text: 'signed in' }]);
    expect(signIns).toHaveLength(1);
    expect(servers.record.authorizations).toBe(1);
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(tokenFile, 'utf8')) as {
      tokens: Record<string, { accessToken: string }>;
    };
    expect(stored.tokens[servers.mcpUrl]?.accessToken).toMatch(/^at-/);
    await first.close();

    // The next run uses the stored token: no sign-in. Revoked, it is refreshed, still without one.
    servers.record.accepted.delete(stored.tokens[servers.mcpUrl]!.accessToken);
    const second = await connectClient(cleanup, gatewayOverStdio(servers.mcpUrl, tokenFile, signIns), {
      protocolVersion: '2025-11-25',
    });
    const again = await second.callTool({ name: 'echo', arguments: { message: 'refreshed' } });
    expect(again.content).toEqual([{ type: 'text', text: 'refreshed' }]);
    expect(signIns).toHaveLength(1);
    expect(servers.record.authorizations).toBe(1);
    expect(servers.record.grants).toEqual(['authorization_code', 'refresh_token']);
  });
});

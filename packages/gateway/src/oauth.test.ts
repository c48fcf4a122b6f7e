import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileOAuthStore } from './oauth.js';

const tokens = (accessToken: string) => ({
  accessToken,
  tokenType: 'Bearer',
  refreshToken: `refresh-${accessToken}`,
  issuer: 'https://as.example.com',
  resource: 'https://mcp.example.com/mcp',
});

describe('FileOAuthStore', () => {
  it('keeps clients and tokens across instances, in a file and folder only the user can read', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'mcpkit-oauth-')), 'nested', 'tokens.json');
    const store = new FileOAuthStore(path);
    expect(await store.getTokens('https://mcp.example.com/mcp')).toBeUndefined();
    await store.setClient('https://as.example.com', { clientId: 'abc' });
    await store.setTokens('https://mcp.example.com/mcp', tokens('one'));

    const again = new FileOAuthStore(path);
    expect(await again.getClient('https://as.example.com')).toEqual({ clientId: 'abc' });
    expect(await again.getTokens('https://mcp.example.com/mcp')).toEqual(tokens('one'));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(path, '..')).mode & 0o777).toBe(0o700);

    await again.setTokens('https://mcp.example.com/mcp', undefined);
    expect(await store.getTokens('https://mcp.example.com/mcp')).toBeUndefined();
    expect(await store.getClient('https://as.example.com')).toEqual({ clientId: 'abc' });
  });

  it('reads ~/ as the home folder', async () => {
    const { homedir } = await import('node:os');
    expect(new FileOAuthStore('~/.mcpkit/x.json').path).toBe(join(homedir(), '.mcpkit/x.json'));
  });

  it('applies concurrent writes one after the other, losing none', async () => {
    const store = new FileOAuthStore(join(mkdtempSync(join(tmpdir(), 'mcpkit-oauth-')), 'tokens.json'));
    await Promise.all(
      ['a', 'b', 'c', 'd'].map((name) => store.setTokens(`https://${name}.example.com/mcp`, tokens(name))),
    );
    for (const name of ['a', 'b', 'c', 'd']) {
      expect((await store.getTokens(`https://${name}.example.com/mcp`))?.accessToken).toBe(name);
    }
  });

  it('says which file is broken', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpkit-oauth-'));
    const path = join(dir, 'tokens.json');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path, '{ not json');
    await expect(new FileOAuthStore(path).getTokens('x')).rejects.toThrow(/tokens\.json is not JSON/);
  });
});

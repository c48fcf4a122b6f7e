// A server's startup loads only the protocol modules it uses: the per-revision schema objects and
// the method tables (built for clients and tests) cost about half of @mcpkit/protocol's import
// time, so jsonrpc, server and transport-stdio import `@mcpkit/protocol/essentials`, never the main
// entry. Checked on the built packages, in a fresh process that records every module it loads.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './repo.js';

// Runs in the child: a resolve hook (module.register, Node >= 20.6) posts each loaded URL back.
const PROBE = `
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
const { port1, port2 } = new MessageChannel();
const loaded = [];
port1.on('message', (url) => loaded.push(url));
port1.unref();
const hook = 'data:text/javascript,' + encodeURIComponent(\`
  let port;
  export function initialize(data) { port = data.port; }
  export async function resolve(specifier, context, next) {
    const result = await next(specifier, context);
    port.postMessage(result.url);
    return result;
  }\`);
register(hook, { data: { port: port2 }, transferList: [port2] });
const entries = process.argv.slice(1);
for (const entry of entries) await import(entry);
await new Promise((resolve) => setTimeout(resolve, 100));
process.stdout.write(JSON.stringify([...new Set(loaded)]));
`;

function modulesLoadedBy(entries: string[]): string[] {
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', PROBE, ...entries], {
    cwd: join(repoRoot, 'apps/integration-tests'),
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(child.status, child.stderr).toBe(0);
  return (JSON.parse(child.stdout) as string[]).filter((url) => url.includes('/packages/protocol/'));
}

describe('server startup imports', () => {
  it('a stdio server (server, transport-stdio, jsonrpc) loads no revision object or method table', () => {
    const loaded = modulesLoadedBy(['@mcpkit/server', '@mcpkit/transport-stdio', '@mcpkit/jsonrpc']);
    expect(loaded.some((url) => url.endsWith('/dist/essentials/index.js'))).toBe(true);
    const tables = loaded.filter((url) =>
      /\/dist\/(index\.js|revisions\/|method-maps\.js|server-request-maps\.js|parse\.js)/.test(url),
    );
    expect(tables).toEqual([]);
  });

  it('a stdio server loads the essentials as one folded file, not one file per schema module', () => {
    // Node resolves, reads and compiles each ESM file on its own: ~30 small protocol modules cost
    // about 40 ms of startup, so the build folds the essentials graph into one file (fold-entry.mjs).
    const loaded = modulesLoadedBy(['@mcpkit/server', '@mcpkit/transport-stdio', '@mcpkit/jsonrpc']);
    const files = loaded.map((url) => url.slice(url.indexOf('/dist/') + 1)).sort();
    expect(files).toEqual(['dist/_chunks/essentials.js', 'dist/essentials/index.js']);
  });

  it('the probe sees them when the main entry is imported', () => {
    const loaded = modulesLoadedBy(['@mcpkit/protocol']);
    expect(loaded.some((url) => url.includes('/dist/revisions/'))).toBe(true);
    expect(loaded.some((url) => url.endsWith('/dist/method-maps.js'))).toBe(true);
  });
});

// A real npm registry (verdaccio) on 127.0.0.1, in a temporary folder, for one test run.
import { mkdir, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { runServer } from 'verdaccio';

export interface LocalRegistry {
  /** e.g. `http://127.0.0.1:41234/` */
  url: string;
  /** A token of a user made for this run, allowed to publish `@mcpkit/*`. */
  token: string;
  stop(): Promise<void>;
}

/**
 * `@mcpkit/*` lives only here (never looked up upstream, where the names may belong to someone else);
 * everything else (zod, uri-template, eventsource, ...) comes through `upstream`.
 */
function configYaml(upstream: string): string {
  return [
    'storage: ./storage',
    'auth:',
    '  htpasswd:',
    '    file: ./htpasswd',
    'uplinks:',
    '  upstream:',
    `    url: ${JSON.stringify(upstream)}`,
    '    timeout: 60s',
    '    max_fails: 5',
    'packages:',
    "  '@mcpkit/*':",
    '    access: $all',
    '    publish: $authenticated',
    "  '**':",
    '    access: $all',
    '    publish: $authenticated',
    '    proxy: upstream',
    'web:',
    '  enable: false',
    'log: { type: stdout, format: pretty, level: error }',
    '',
  ].join('\n');
}

export async function startRegistry(dir: string, upstream: string): Promise<LocalRegistry> {
  await mkdir(join(dir, 'storage'), { recursive: true });
  const configPath = join(dir, 'config.yaml');
  await writeFile(configPath, configYaml(upstream));
  const server: Server = await runServer(configPath);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  try {
    const { port } = server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/`;
    const token = await addUser(url, 'release-check', `release-check-${process.pid}-${Date.now()}`);
    return { url, token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** What `npm adduser` does: creates the user and answers with a token. */
async function addUser(registry: string, name: string, password: string): Promise<string> {
  const response = await fetch(new URL(`-/user/org.couchdb.user:${name}`, registry), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password }),
  });
  const body = (await response.json()) as { token?: unknown };
  if (!response.ok || typeof body.token !== 'string') {
    throw new Error(
      `the local registry refused to create a user: HTTP ${response.status} ${JSON.stringify(body)}`,
    );
  }
  return body.token;
}

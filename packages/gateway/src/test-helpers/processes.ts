// What the gateway's tests start: real server processes, clients, HTTP servers; and their cleanup.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpClient, type McpClientOptions } from '@mcpkit/client';
import type { Transport } from '@mcpkit/jsonrpc';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import type { StdioUpstream } from '../options.js';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** The gateway's own test server (test/fixtures/test-server.mjs) with the given flags. */
export function fixture(name: string, ...flags: string[]): StdioUpstream {
  return {
    name,
    command: process.execPath,
    args: [join(here, '../../test/fixtures/test-server.mjs'), '--name', name, ...flags],
  };
}

/** The repository's echo server over stdio (apps/echo-server, built). */
export function echoServer(name = 'echo'): StdioUpstream {
  return {
    name,
    command: process.execPath,
    args: [join(here, '../../../../apps/echo-server/dist/bin.js'), '--stdio', '--quiet'],
  };
}

/** The path of a package's bin, for servers from npm. */
export function binOf(pkg: string): string {
  const manifestPath = require.resolve(`${pkg}/package.json`);
  const manifest = require(manifestPath) as { bin: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin)[0]!;
  return join(dirname(manifestPath), bin);
}

/** The official SDK's "everything" server from npm, over stdio. */
export function everythingServer(name = 'everything'): StdioUpstream {
  return {
    name,
    command: process.execPath,
    args: [binOf('@modelcontextprotocol/server-everything'), 'stdio'],
  };
}

/** A tmcp server over stdio (test/fixtures/tmcp-server.mjs). */
export function tmcpServer(name = 'tmcp'): StdioUpstream {
  return { name, command: process.execPath, args: [join(here, '../../test/fixtures/tmcp-server.mjs')] };
}

/** Things to close after each test, closed in reverse order. */
export class Cleanup {
  readonly #closers: (() => unknown)[] = [];

  add<T>(value: T, close: (value: T) => unknown): T {
    this.#closers.push(() => close(value));
    return value;
  }

  async run(): Promise<void> {
    const closers = this.#closers.splice(0).reverse();
    for (const close of closers) {
      // Each close is bounded: a cleanup that hangs must not hang the suite.
      await Promise.race([
        Promise.resolve().then(close),
        new Promise((resolve) => setTimeout(resolve, 5000)),
      ]).catch((error: unknown) => {
        throw new Error(`cleanup failed: ${String(error)}`);
      });
    }
  }
}

/** An McpClient connected over the given transport, closed by `cleanup`. */
export async function connectClient(
  cleanup: Cleanup,
  transport: Transport,
  options: McpClientOptions = {},
): Promise<McpClient> {
  const client = cleanup.add(
    new McpClient({ name: 'gateway-test', version: '1.0.0' }, { defaultTimeoutMs: 20_000, ...options }),
    (c) => c.close(),
  );
  await client.connect(transport);
  return client;
}

/** An McpClient over Streamable HTTP. */
export function httpClient(cleanup: Cleanup, url: URL, options: McpClientOptions = {}): Promise<McpClient> {
  return connectClient(cleanup, new StreamableHttpClientTransport(url), options);
}

/** Waits until `check` holds, polling every 20 ms, failing after `timeoutMs` with `what`. */
export async function until(what: string, check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Whether a process is alive. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

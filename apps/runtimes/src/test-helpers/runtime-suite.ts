// The same checks for Bun and for Deno: stdio server and client, and the Web handler served by the
// runtime's own HTTP server, each against our Node client and the official SDK client.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageVersion } from './binaries.js';
import {
  checkOfficialHttpClient,
  checkOfficialStdioClient,
  checkOurHttpClient,
  checkOurStdioClient,
} from './clients.js';
import { runToEnd, startListening, stopAll } from './processes.js';
import { fixture, type ScriptRuntime } from './runtimes.js';

const require = createRequire(import.meta.url);
/** The Node echo server's CLI (apps/echo-server), which our client on Bun/Deno spawns. */
const echoServerBin = join(dirname(require.resolve('@mcpkit/echo-server')), 'bin.js');

export function describeRuntime(runtime: ScriptRuntime): void {
  describe(runtime.name, () => {
    afterAll(stopAll);

    it(`runs: the ${runtime.name} package's binary is the version pinned in the catalog`, async () => {
      const { code, stdout, stderr } = await runToEnd(runtime.binary(), ['--version'], 20_000);
      expect(code, stderr).toBe(0);
      expect(stdout).toContain(packageVersion(runtime.name));
    });

    describe(`stdio server on ${runtime.name}`, () => {
      it('is called by our Node client (2026-07-28)', async () => {
        const { command, args } = runtime.command(fixture('stdio-server'));
        await checkOurStdioClient(command, args, runtime.expectedName());
      });

      it('is called by the official SDK client', async () => {
        const { command, args } = runtime.command(fixture('stdio-server'));
        await checkOfficialStdioClient(command, args, runtime.expectedName());
      });
    });

    it(`our stdio client on ${runtime.name} calls the Node echo server`, async () => {
      const { command, args } = runtime.command(fixture('stdio-client'), [
        process.execPath,
        echoServerBin,
        '--stdio',
      ]);
      const { code, stdout, stderr } = await runToEnd(command, args, 45_000);
      expect(code, `stderr: ${stderr}`).toBe(0);
      const report = JSON.parse(stdout.trim().split('\n').at(-1) ?? 'null');
      expect(report).toEqual({
        clientRuntime: runtime.expectedName(),
        protocolVersion: '2026-07-28',
        serverName: 'mcpkit-echo',
        tools: ['echo'],
        echo: [{ type: 'text', text: 'héllo from the client' }],
      });
    });

    describe(`Web handler served by ${runtime.name === 'bun' ? 'Bun.serve' : 'Deno.serve'}`, () => {
      // Started by the first test that needs it, not in beforeAll: a missing binary then fails each
      // test with its message instead of marking them skipped.
      let serving: Promise<URL> | undefined;
      const served = () => {
        serving ??= (async () => {
          const { command, args } = runtime.command(fixture('web-server'));
          return (await startListening(command, args)).url;
        })();
        return serving;
      };

      it('is called by our Node client at 2025-11-25 (session, SSE progress)', async () => {
        await checkOurHttpClient(await served(), '2025-11-25', runtime.expectedName());
      });

      it('is called by our Node client at 2026-07-28 (stateless)', async () => {
        await checkOurHttpClient(await served(), undefined, runtime.expectedName());
      });

      it('is called by the official SDK client', async () => {
        await checkOfficialHttpClient(await served(), runtime.expectedName());
      });
    });
  });
}

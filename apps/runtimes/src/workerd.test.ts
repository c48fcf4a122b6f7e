// Cloudflare's workerd (npm `workerd`): the Web handler in a Worker, stateless mode, called by our
// Node client over HTTP on 127.0.0.1 at 2026-07-28 (and at 2025-11-25, stateless sessions).
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { packageVersion, workerdBinary } from './test-helpers/binaries.js';
import { checkOurHttpClient } from './test-helpers/clients.js';
import { runToEnd, stopAll } from './test-helpers/processes.js';
import { fixture } from './test-helpers/runtimes.js';
import { bundleWorker, serveWorker } from './test-helpers/workerd.js';

describe('workerd', () => {
  let dir: string | undefined;
  // Started by the first test that needs it, so a missing binary fails each test (not skips them).
  let serving: Promise<URL> | undefined;
  const served = () => {
    serving ??= (async () => {
      dir = await bundleWorker(fixture('worker'));
      return (await serveWorker(dir)).url;
    })();
    return serving;
  };
  afterAll(async () => {
    await stopAll();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("runs: the workerd package's binary is the one pinned in the catalog", async () => {
    const { code, stdout, stderr } = await runToEnd(workerdBinary(), ['--version'], 20_000);
    expect(code, stderr).toBe(0);
    // workerd 1.YYYYMMDD.N prints its date: "workerd YYYY-MM-DD".
    const date = /^1\.(\d{4})(\d{2})(\d{2})\./.exec(packageVersion('workerd'))!.slice(1).join('-');
    expect(stdout.trim()).toBe(`workerd ${date}`);
  });

  it('serves our Node client at 2026-07-28 (stateless, per request)', async () => {
    await checkOurHttpClient(await served(), undefined, 'workerd');
  });

  it('serves our Node client at 2025-11-25 (stateless mode: no session)', async () => {
    await checkOurHttpClient(await served(), '2025-11-25', 'workerd');
  });
});

import { tmpdir } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { StdioClientTransport, type StdioClientTransportOptions } from './client-transport.js';
import { StdioErrorCode, type StdioTransportError } from './errors.js';
import { fixture, isRunning, waitUntil } from './test-helpers/wait.js';
import type { JSONRPCMessage } from './types.js';

const open: StdioClientTransport[] = [];
afterEach(async () => {
  for (const transport of open.splice(0)) await transport.close();
});

/** Starts a client transport on `behaviours.mjs <behaviour>` and records what it observes. */
async function startBehaviour(
  behaviour: string,
  options: Partial<StdioClientTransportOptions> = {},
  extraArgs: string[] = [],
) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [fixture('behaviours.mjs'), behaviour, ...extraArgs],
    gracefulExitTimeoutMs: 300,
    terminateTimeoutMs: 300,
    ...options,
  });
  open.push(transport);
  const messages: JSONRPCMessage[] = [];
  const errors: Error[] = [];
  const closeReasons: Array<Error | undefined> = [];
  transport.onmessage = (message) => messages.push(message);
  transport.onerror = (error) => errors.push(error);
  transport.onclose = (reason) => closeReasons.push(reason);
  await transport.start();
  return { transport, messages, errors, closeReasons, closes: () => closeReasons.length };
}

const paramsOf = (message: JSONRPCMessage | undefined) =>
  (message && 'params' in message ? message.params : undefined) as Record<string, unknown>;

describe('StdioClientTransport', () => {
  it('reports a crash with the exit code and the tail of stderr, then closes once', async () => {
    const seen = await startBehaviour('crash-with-stderr');
    await waitUntil(() => seen.closes() === 1, 'onclose after the crash');
    expect(seen.errors).toHaveLength(1);
    const error = seen.errors[0] as StdioTransportError;
    expect(error.code).toBe(StdioErrorCode.ProcessExited);
    expect(error.exitCode).toBe(3);
    expect(error.stderrTail).toContain('fatal: the database is on fire');
    expect(error.message).toMatch(/exited with code 3/);
    expect(error.message).toContain('fatal: the database is on fire');
    // The same error tells the peer why the channel closed (it names it in pending requests' rejections).
    expect(seen.closeReasons).toEqual([error]);
    await expect(seen.transport.send({ jsonrpc: '2.0', method: 'x' })).rejects.toMatchObject({
      code: StdioErrorCode.NotConnected,
    });
    await seen.transport.close();
    expect(seen.closes()).toBe(1);
  });

  it('passes stderr to the callback and keeps only a bounded tail', async () => {
    let received = '';
    const seen = await startBehaviour('stderr-flood', {
      stderrTailLength: 500,
      onstderr: (text) => {
        received += text;
      },
    });
    await waitUntil(() => received.includes('END-OF-FLOOD 😀'), 'the whole flood');
    // stdout and stderr are separate pipes: the message may arrive after the last stderr line.
    await waitUntil(() => seen.messages.length > 0, 'the message written after the flood');
    expect(received).toContain('line 0 ');
    expect(seen.transport.stderrTail.length).toBeLessThanOrEqual(500);
    expect(seen.transport.stderrTail.endsWith('END-OF-FLOOD 😀\n')).toBe(true);
    expect(seen.messages).toEqual([{ jsonrpc: '2.0', method: 'flooded' }]);
  });

  it('closes by closing stdin when the server exits on EOF, without signals', async () => {
    const seen = await startBehaviour('exit-on-stdin-end', { gracefulExitTimeoutMs: 5000 });
    const pid = seen.transport.pid!;
    await seen.transport.close();
    expect(isRunning(pid)).toBe(false);
    // Exit code 0 and no signal: it left on its own, before any SIGTERM.
    expect(seen.transport.exitCode).toBe(0);
    expect(seen.transport.exitSignal).toBeNull();
    expect(seen.closeReasons).toEqual([undefined]); // closed on purpose: no reason
    expect(seen.errors).toEqual([]);
  });

  it('escalates to SIGTERM when the server ignores EOF', async () => {
    const seen = await startBehaviour('ignore-stdin-end', {
      gracefulExitTimeoutMs: 200,
      terminateTimeoutMs: 5000,
    });
    await waitUntil(() => seen.messages.length === 1, 'ready');
    const pid = seen.transport.pid!;
    const started = Date.now();
    await seen.transport.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(seen.transport.exitSignal).toBe('SIGTERM');
    expect(isRunning(pid)).toBe(false);
    expect(seen.errors).toEqual([]);
  });

  it('escalates to SIGKILL when the server ignores EOF and SIGTERM', async () => {
    const seen = await startBehaviour('ignore-stdin-end-and-sigterm', {
      gracefulExitTimeoutMs: 150,
      terminateTimeoutMs: 150,
    });
    await waitUntil(() => seen.messages.length === 1, 'ready');
    const pid = seen.transport.pid!;
    const started = Date.now();
    await seen.transport.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(isRunning(pid)).toBe(false);
    expect(seen.transport.exitSignal).toBe('SIGKILL');
    expect(seen.closes()).toBe(1);
  });

  it('kills the whole process tree on close, grandchildren included', async () => {
    const seen = await startBehaviour('spawn-grandchild', {
      gracefulExitTimeoutMs: 1000,
      terminateTimeoutMs: 200,
    });
    await waitUntil(() => seen.messages.length === 1, 'the pids');
    const { child, grandchild } = paramsOf(seen.messages[0]) as { child: number; grandchild: number };
    expect(isRunning(child)).toBe(true);
    expect(isRunning(grandchild)).toBe(true);
    await seen.transport.close();
    expect(isRunning(child)).toBe(false);
    await waitUntil(() => !isRunning(grandchild), 'the grandchild to be gone', 2000);
    expect(seen.errors).toEqual([]);
  });

  it('ends grandchildren left behind when the server exits on its own', async () => {
    const seen = await startBehaviour('spawn-grandchild', { terminateTimeoutMs: 200 }, ['then-exit']);
    await waitUntil(() => seen.messages.length === 1, 'the pids');
    const { grandchild } = paramsOf(seen.messages[0]) as { grandchild: number };
    await waitUntil(() => seen.closes() === 1, 'onclose after the exit');
    expect(isRunning(grandchild)).toBe(false);
    expect(seen.errors).toEqual([]); // exit code 0 is a clean end, not a crash
    // …but still why the channel closed, for requests left unanswered.
    expect(seen.closeReasons[0]?.message).toMatch(/exited with code 0 while the transport was open/);
  });

  it('takes its servers down when the host process exits without closing them', async () => {
    const host = await startBehaviour('host-exits-abruptly');
    await waitUntil(() => host.messages.length === 1, 'the server pid');
    const { pid } = paramsOf(host.messages[0]) as { pid: number };
    await waitUntil(() => host.closes() === 1, 'the host to exit');
    await waitUntil(() => !isRunning(pid), 'the orphaned server to be gone');
  });

  it('fails start with SPAWN_FAILED naming the command when it cannot run', async () => {
    const transport = new StdioClientTransport({ command: 'mcpkit-no-such-command-xyz', args: ['--flag'] });
    const error = await transport.start().then(
      () => undefined,
      (reason: unknown) => reason as StdioTransportError,
    );
    expect(error?.code).toBe(StdioErrorCode.SpawnFailed);
    expect(error?.message).toContain("'mcpkit-no-such-command-xyz --flag'");
    expect(error?.message).toContain('ENOENT');
  });

  it('passes only a safe default environment plus env, or everything with inheritEnv, and cwd', async () => {
    process.env.MCPKIT_TEST_SECRET = 'do-not-leak';
    try {
      const plain = await startBehaviour('env-and-cwd', { env: { EXTRA: 'yes' }, cwd: tmpdir() });
      await waitUntil(() => plain.messages.length === 1, 'env report');
      const report = paramsOf(plain.messages[0]) as { env: Record<string, string>; cwd: string };
      expect(report.env.EXTRA).toBe('yes');
      expect(report.env.PATH).toBe(process.env.PATH);
      expect(report.env.MCPKIT_TEST_SECRET).toBeUndefined();
      expect(report.cwd).toBe(tmpdir());

      const inherited = await startBehaviour('env-and-cwd', { inheritEnv: true });
      await waitUntil(() => inherited.messages.length === 1, 'env report');
      expect(
        (paramsOf(inherited.messages[0]) as { env: Record<string, string> }).env.MCPKIT_TEST_SECRET,
      ).toBe('do-not-leak');
    } finally {
      delete process.env.MCPKIT_TEST_SECRET;
    }
  });

  it('reports unreadable output from the server without answering it, and goes on', async () => {
    const seen = await startBehaviour('garbage-then-valid');
    await waitUntil(() => seen.messages.length === 1, 'the valid message');
    expect(seen.messages).toEqual([{ jsonrpc: '2.0', method: 'after-garbage' }]);
    expect(seen.errors.map((error) => (error as { code?: number }).code)).toEqual([-32700, -32600]);
  });

  it('fails sends with WRITE_QUEUE_FULL when the server never reads stdin', async () => {
    const seen = await startBehaviour('never-read-stdin', { maxPendingWriteBytes: 256 * 1024 });
    await waitUntil(() => seen.messages.length === 1, 'ready');
    const text = 'z'.repeat(16 * 1024);
    let failure: StdioTransportError | undefined;
    for (let index = 0; index < 1000 && !failure; index++) {
      await Promise.race([
        seen.transport
          .send({ jsonrpc: '2.0', method: 'n', params: { text } })
          .catch((error: StdioTransportError) => {
            failure = error;
          }),
        new Promise((resolve) => setImmediate(resolve)),
      ]);
    }
    expect(failure?.code).toBe(StdioErrorCode.WriteQueueFull);
  });

  it('shuts the server down when it closes stdout but keeps running', async () => {
    const seen = await startBehaviour('close-stdout-keep-running');
    const pid = seen.transport.pid!;
    await waitUntil(() => seen.closes() === 1, 'onclose');
    expect(seen.errors[0]).toMatchObject({ code: StdioErrorCode.ProcessExited });
    expect(seen.errors[0]?.message).toMatch(/closed its stdout but kept running/);
    expect(isRunning(pid)).toBe(false);
  });
});

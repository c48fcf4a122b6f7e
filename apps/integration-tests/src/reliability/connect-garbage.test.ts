// A stdio child that prints something other than JSON-RPC (a banner, the wrong program): connect()
// must fail at once with the parse error, not wait for the probe and initialize timeouts.
import { McpClient, McpClientError, McpClientErrorCode } from '@mcpkit/client';
import { StdioClientTransport } from '@mcpkit/transport-stdio';
import { describe, expect, it } from 'vitest';

const BANNER_THEN_SILENCE =
  "process.stdout.write('Weather server listening on port 3000\\n'); setInterval(() => {}, 60_000);";

describe('connect() to a stdio server that writes non-JSON output', () => {
  it('rejects with the parse error, well before any handshake timeout, and leaves no process', async () => {
    const reported: Error[] = [];
    // Timeouts far beyond the test's own: only the parse error can end connect() in time.
    const client = new McpClient(
      { name: 'garbage-check', version: '0.0.0' },
      { discoverTimeoutMs: 120_000, defaultTimeoutMs: 120_000, onerror: (error) => reported.push(error) },
    );
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['-e', BANNER_THEN_SILENCE],
    });
    const error = await client.connect(transport).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(McpClientError);
    expect((error as McpClientError).code).toBe(McpClientErrorCode.UnreadableServerOutput);
    expect((error as Error).message).toMatch(/not JSON-RPC during the handshake/);
    expect(String(((error as Error).cause as Error).message)).toMatch(/JSON|parse/i);
    expect(reported.length).toBeGreaterThan(0);
    expect(client.isConnected).toBe(false);
    // connect() closed the transport, and with it the child.
    const pid = transport.pid;
    if (pid !== undefined) {
      for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 50));
      expect(isAlive(pid)).toBe(false);
    }
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

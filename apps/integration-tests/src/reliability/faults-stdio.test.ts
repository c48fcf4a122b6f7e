// A stdio server killed mid-call: every pending request must fail fast with a connection-lost
// error and the client must be able to connect again. Closing the client must leave no process.
import { fileURLToPath } from 'node:url';
import { McpClient } from '@mcpkit/client';
import { McpkitError, McpkitErrorCode } from '@mcpkit/jsonrpc';
import { StdioClientTransport } from '@mcpkit/transport-stdio';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('./fixtures/slow-server.mjs', import.meta.url));
const clients: McpClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

async function connect(client: McpClient): Promise<StdioClientTransport> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [SCRIPT, 'stdio'] });
  await client.connect(transport);
  return transport;
}

describe('stdio server process faults', () => {
  it('rejects every pending request within a second when the server is killed, then reconnects', async () => {
    const client = new McpClient({ name: 'faults', version: '0.0.0' });
    clients.push(client);
    const transport = await connect(client);
    const pid = transport.pid;
    expect(pid).toBeTypeOf('number');
    const pending = Array.from({ length: 5 }, () =>
      client.callTool({ name: 'slow', arguments: { ms: 30_000 } }).then(
        () => new Error('a slow call answered although its server was killed'),
        (error: unknown) => error,
      ),
    );
    // A round trip after the slow calls proves the server has them all.
    await client.callTool({ name: 'echo', arguments: { message: 'ready' } });
    const killedAt = Date.now();
    process.kill(pid!, 'SIGKILL');
    const errors = await Promise.all(pending);
    expect(Date.now() - killedAt).toBeLessThan(1000);
    for (const error of errors) {
      expect(error).toBeInstanceOf(McpkitError);
      expect((error as McpkitError).code).toBe(McpkitErrorCode.ConnectionClosed);
    }
    expect(client.isConnected).toBe(false);

    await connect(client);
    expect((await client.callTool({ name: 'echo', arguments: { message: 'again' } })).content).toEqual([
      { type: 'text', text: 'again' },
    ]);
  }, 20_000);

  it('leaves no child process after close, even with calls in flight', async () => {
    const client = new McpClient({ name: 'faults', version: '0.0.0' });
    const transport = await connect(client);
    const pid = transport.pid!;
    expect(isAlive(pid)).toBe(true);
    const inFlight = client
      .callTool({ name: 'slow', arguments: { ms: 30_000 } })
      .catch((error: unknown) => error);
    await client.close();
    expect(await inFlight).toBeInstanceOf(Error);
    expect(isAlive(pid), `server process ${pid} still runs after close()`).toBe(false);
  }, 20_000);
});

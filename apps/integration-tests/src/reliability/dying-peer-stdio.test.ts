// A stdio server that dies mid-call: the pending call (and a connect() under way) must fail with
// the cause, the exit code or signal and the stderr tail, in the message and as `cause` (issue 15).
import { fileURLToPath } from 'node:url';
import { McpClient } from '@mcpkit/client';
import { McpkitError, McpkitErrorCode } from '@mcpkit/jsonrpc';
import { StdioClientTransport, StdioTransportError } from '@mcpkit/transport-stdio';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('./fixtures/dying-server.mjs', import.meta.url));
const clients: McpClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

function transport(...args: string[]): StdioClientTransport {
  return new StdioClientTransport({ command: process.execPath, args: [SCRIPT, 'stdio', ...args] });
}

async function connected(): Promise<{ client: McpClient; transport: StdioClientTransport }> {
  const client = new McpClient({ name: 'dying-peer', version: '0.0.0' });
  clients.push(client);
  const stdio = transport();
  await client.connect(stdio);
  return { client, transport: stdio };
}

/** The rejection of `promise`, failing the test if it resolves. */
async function rejectionOf(promise: Promise<unknown>): Promise<McpkitError> {
  const outcome = await promise.then(
    (value) => new Error(`expected a rejection, got ${JSON.stringify(value)}`),
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(McpkitError);
  return outcome as McpkitError;
}

describe('a stdio server that dies mid-call', () => {
  it('exits with code 3: the call fails naming the code and the stderr tail, with the exit as cause', async () => {
    const { client } = await connected();
    const error = await rejectionOf(
      client.callTool({ name: 'crash', arguments: { code: 3, stderr: 'fatal: the disk is on fire' } }),
    );
    expect(error.code).toBe(McpkitErrorCode.ConnectionClosed);
    expect(error.message).toMatch(
      /^Connection closed before the response to 'tools\/call' \(id \d+\) arrived: /,
    );
    expect(error.message).toContain('exited with code 3');
    expect(error.message).toContain('fatal: the disk is on fire');
    const cause = error.cause as StdioTransportError;
    expect(cause).toBeInstanceOf(StdioTransportError);
    expect(cause).toMatchObject({ code: 'PROCESS_EXITED', exitCode: 3, signal: null });
    expect(cause.stderrTail).toContain('fatal: the disk is on fire');
  });

  it("hands the exit to the client's onclose as its reason", async () => {
    const { client } = await connected();
    const closed = new Promise<Error | undefined>((resolve) => {
      client.onclose = resolve;
    });
    await rejectionOf(client.callTool({ name: 'crash', arguments: { code: 3, stderr: 'out of memory' } }));
    const reason = await closed;
    expect(reason).toBeInstanceOf(StdioTransportError);
    expect(reason).toMatchObject({ code: 'PROCESS_EXITED', exitCode: 3 });
    expect(reason?.message).toContain('out of memory');
  });

  it('is killed with SIGKILL: every pending call fails naming the signal', async () => {
    const { client, transport: stdio } = await connected();
    const pending = [1, 2].map((index) =>
      rejectionOf(client.callTool({ name: 'wait', arguments: { ms: 60_000 + index } })),
    );
    // A round trip after the waiting calls proves the server has them both.
    await client.ping();
    process.kill(stdio.pid!, 'SIGKILL');
    for (const error of await Promise.all(pending)) {
      expect(error.code).toBe(McpkitErrorCode.ConnectionClosed);
      expect(error.message).toContain('was killed by signal SIGKILL');
      expect(error.cause).toBeInstanceOf(StdioTransportError);
      expect(error.cause).toMatchObject({ code: 'PROCESS_EXITED', exitCode: null, signal: 'SIGKILL' });
    }
    expect(client.isConnected).toBe(false);
  });

  it('exits with code 3 while the client connects: connect() fails with the cause', async () => {
    const client = new McpClient({ name: 'dying-peer', version: '0.0.0' });
    clients.push(client);
    const error = await rejectionOf(client.connect(transport('--exit-on-first-message', '3')));
    expect(error.code).toBe(McpkitErrorCode.ConnectionClosed);
    expect(error.message).toContain('exited with code 3');
    expect(error.message).toContain('cannot start: the configuration file is missing');
    expect(error.cause).toMatchObject({ code: 'PROCESS_EXITED', exitCode: 3 });
  });
});

// stdio limits: message size (maxMessageBytes) and JSON nesting depth. Each refusal is a JSON-RPC
// error answer that says what was wrong, and the connection goes on.
import { PassThrough } from 'node:stream';
import type { JSONRPCMessage } from '@mcpkit/protocol';
import { StdioServerTransport } from '@mcpkit/transport-stdio';
import { describe, expect, it } from 'vitest';
import { createReliabilityServer, INITIALIZE } from './helpers.js';

async function startStdioServer(maxMessageBytes?: number) {
  const toServer = new PassThrough();
  const fromServer = new PassThrough();
  const transport = new StdioServerTransport({
    stdin: toServer,
    stdout: fromServer,
    ...(maxMessageBytes === undefined ? {} : { maxMessageBytes }),
  });
  const reported: Error[] = [];
  transport.onerror = (error) => reported.push(error);
  const reader = new StdioServerTransport({ stdin: fromServer, stdout: new PassThrough() });
  const received: JSONRPCMessage[] = [];
  reader.onmessage = (message) => received.push(message);
  await reader.start();
  await createReliabilityServer().connect(transport);
  const next = async (): Promise<JSONRPCMessage> => {
    const due = Date.now() + 2000;
    while (received.length === 0 && Date.now() < due) await new Promise((resolve) => setTimeout(resolve, 5));
    const message = received.shift();
    if (message === undefined) throw new Error('the server sent nothing within 2 s');
    return message;
  };
  const write = (text: string) => toServer.write(`${text}\n`);
  write(JSON.stringify(INITIALIZE));
  await next();
  write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  return { write, next, reported, close: () => transport.close() };
}

describe('stdio limits', () => {
  it('answers a message over maxMessageBytes with -32600 and keeps serving', async () => {
    const server = await startStdioServer(1024);
    server.write(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(4096) } }),
    );
    const refusal = (await server.next()) as { error?: { code: number; message: string } };
    expect(refusal.error?.code).toBe(-32600);
    expect(refusal.error?.message).toMatch(/1024/);
    server.write(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }));
    expect(await server.next()).toMatchObject({ id: 2, result: {} });
    expect(server.reported.length).toBeGreaterThan(0);
    await server.close();
  });

  it('answers JSON nested deeper than 64 levels with -32600 and keeps serving', async () => {
    const server = await startStdioServer();
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    server.write(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":${deep}}}`);
    const refusal = (await server.next()) as { error?: { code: number; message: string } };
    expect(refusal.error?.code).toBe(-32600);
    expect(refusal.error?.message).toMatch(/nesting deeper than the limit of 64/);
    server.write(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }));
    expect(await server.next()).toMatchObject({ id: 2, result: {} });
    await server.close();
  });
});

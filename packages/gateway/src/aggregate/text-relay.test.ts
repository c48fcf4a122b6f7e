// stdio on both sides of the aggregator: a relayed answer goes from the upstream's stdout to the
// client's without being parsed (ForwardedCalls.takeText), under the client's id.
import { PassThrough } from 'node:stream';
import { createInMemoryTransportPair } from '@mcpkit/jsonrpc/testing';
import { StdioServerTransport } from '@mcpkit/transport-stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { Cleanup, fixture, until } from '../test-helpers/processes.js';
import { Aggregator } from './aggregator.js';
import { PassThroughTransport } from './pass-through.js';

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const REVISION = '2025-11-25';

describe('PassThroughTransport.sendText', () => {
  it("is the inner transport's where it has one, and absent where it has none", async () => {
    const stdout = new PassThrough();
    let output = '';
    stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const stdio = new StdioServerTransport({ stdin: new PassThrough(), stdout });
    cleanup.add(stdio, (t) => t.close());
    await stdio.start();
    const relaying = new PassThroughTransport(stdio);
    await relaying.sendText?.('{"jsonrpc":"2.0","id":1,"result":{}}');
    expect(output).toBe('{"jsonrpc":"2.0","id":1,"result":{}}\n');
    const [inMemory] = createInMemoryTransportPair();
    expect(inMemory.sendText).toBeUndefined();
    expect(new PassThroughTransport(inMemory).sendText).toBeUndefined();
  });
});

describe('a relayed answer over stdio', () => {
  it("reaches the client as the upstream wrote it, with the client's id in place of the gateway's", async () => {
    const aggregator = cleanup.add(
      new Aggregator({ upstreams: [fixture('old', '--version', REVISION)] }),
      (a) => a.close(),
    );
    await aggregator.start();
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    let output = '';
    stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const transport = new StdioServerTransport({ stdin, stdout });
    const texts: string[] = [];
    const sendText = transport.sendText.bind(transport);
    transport.sendText = (text) => {
      texts.push(text);
      return sendText(text);
    };
    await aggregator.server.connect(transport);
    cleanup.add(transport, (t) => t.close());
    const lines = () => output.split('\n').filter((line) => line !== '');
    const write = (message: object) => stdin.write(`${JSON.stringify(message)}\n`);
    write({
      jsonrpc: '2.0',
      id: 'init',
      method: 'initialize',
      params: { protocolVersion: REVISION, capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    await until('the initialize answer', () => lines().length === 1);
    write({ jsonrpc: '2.0', method: 'notifications/initialized' });
    write({
      jsonrpc: '2.0',
      id: 'call "1"',
      method: 'tools/call',
      params: { name: 'old__echo', arguments: { message: 'hé' } },
    });
    await until('the call answer', () => lines().length === 2);
    // mcpkit's server writes jsonrpc, id, result in that order: the text path took it.
    expect(texts).toEqual([lines()[1]]);
    expect(lines()[1]).toBe(
      '{"jsonrpc":"2.0","id":"call \\"1\\"","result":{"content":[{"type":"text","text":"old: hé"}]}}',
    );
    expect(aggregator.relayedRequests).toBe(1);
  });
});

// A client's tool call relayed from its text, unparsed, where the client's transport shows each
// frame's text before decoding it (`onframe`, as the stdio client transport has).
import type { Transport } from '@mcpkit/jsonrpc';
import { createInMemoryTransportPair } from '@mcpkit/jsonrpc/testing';
import type { JSONRPCMessage } from '@mcpkit/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { Cleanup, connectClient, fixture, until } from '../test-helpers/processes.js';
import { Aggregator } from './aggregator.js';
import { readCallText } from './request-text.js';

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const REVISION = '2025-11-25';

describe('readCallText', () => {
  const line = (id: string, rest = '"echo","arguments":{"text":"a \\"b\\" é"}}}') =>
    `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":${rest}`;

  it('reads the id and the name of a tool call in the order mcpkit writes it', () => {
    const text = line('1738');
    expect(readCallText(text)).toEqual({
      id: 1738,
      name: 'echo',
      tailAt: text.indexOf(',"method"'),
      nameEnd: text.indexOf('","arguments"'),
    });
    expect(readCallText(line('0'))?.id).toBe(0);
  });

  it('leaves everything else to the parsed path', () => {
    for (const text of [
      line('"one"'), // a string id
      line('-1'),
      line('01'),
      line('1.5'),
      line('1e3'),
      line('12345678901234567'), // longer than a safe integer
      line('1', '"ec\\u0068o"}}'), // an escape in the name
      line('1', '"echo","_meta":{"progressToken":1}}}'),
      line('1', '"echo","task":{}}}'),
      line('1', '"echo"}}  '), // not ending with }
      line('1', '"echo'), // no closing quote
      '{"jsonrpc":"2.0","id":1,"method":"prompts/get","params":{"name":"p"}}',
      '{"id":1,"jsonrpc":"2.0","method":"tools/call","params":{"name":"echo"}}',
      '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}',
      '{"jsonrpc":"2.0","id":1,"result":{}}',
    ])
      expect(readCallText(text), text).toBeUndefined();
  });
});

/**
 * The server side of an in-memory pair, framed: each message the client sends is shown to
 * `onframe` as JSON text first (a frame taken is not delivered), and `sendText` writes text.
 */
function framed(inner: Transport) {
  const taken: string[] = [];
  const sentTexts: string[] = [];
  const transport: Transport & { onframe: ((text: string) => boolean) | undefined } = {
    onframe: undefined,
    start: () => inner.start(),
    close: () => inner.close(),
    send: (message, options) => inner.send(message, options),
    sendText: (text) => {
      sentTexts.push(text);
      return inner.send(JSON.parse(text) as JSONRPCMessage);
    },
  };
  inner.onmessage = (message, extra) => {
    const text = JSON.stringify(message);
    if (transport.onframe?.(text) === true) taken.push(text);
    else transport.onmessage?.(message, extra);
  };
  inner.onclose = (reason) => transport.onclose?.(reason);
  inner.onerror = (error) => transport.onerror?.(error);
  return { transport, taken, sentTexts };
}

describe('a tool call relayed from its text', () => {
  async function gateway() {
    const aggregator = cleanup.add(
      new Aggregator({ upstreams: [fixture('old', '--version', REVISION)] }),
      (a) => a.close(),
    );
    await aggregator.start();
    const [clientSide, serverSide] = createInMemoryTransportPair();
    const server = framed(serverSide);
    await aggregator.server.connect(server.transport);
    const client = await connectClient(cleanup, clientSide, { protocolVersion: REVISION });
    return { aggregator, client, server };
  }
  const text = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

  it("reaches the namespaced upstream under its own name and is answered under the caller's id", async () => {
    const { aggregator, client, server } = await gateway();
    const answers = await Promise.all([
      client.callTool({ name: 'old__echo', arguments: { message: 'one "quoted" é' } }),
      client.callTool({ name: 'old__echo', arguments: { message: 'two' } }),
    ]);
    expect(answers.map(text)).toEqual(['old: one "quoted" é', 'old: two']);
    expect(server.taken).toHaveLength(2);
    expect(aggregator.relayedRequests).toBe(2);
    // The answers went back as text too, under the client's ids.
    const ids = server.taken.map((line) => (JSON.parse(line) as { id: number }).id);
    expect(server.sentTexts.map((line) => (JSON.parse(line) as { id: number }).id).sort()).toEqual(
      ids.sort(),
    );
  });

  it('leaves a call with a progress token to the parsed path, and cancels a text-relayed call upstream', async () => {
    const { aggregator, client, server } = await gateway();
    const progress: number[] = [];
    const slow = await client.callTool(
      { name: 'old__slow', arguments: { ms: 120 } },
      { onprogress: (update) => progress.push(update.progress) },
    );
    expect(text(slow)).toBe('old: slept 120');
    expect(progress.length).toBeGreaterThan(0);
    expect(server.taken).toEqual([]);
    expect(aggregator.relayedRequests).toBe(1);
    const controller = new AbortController();
    const cancelled = client.callTool(
      { name: 'old__slow', arguments: { ms: 5_000 } },
      { signal: controller.signal },
    );
    await until('the call to be relayed from its text', () => server.taken.length === 1);
    controller.abort('changed my mind');
    await expect(cancelled).rejects.toThrow();
    // The upstream stopped the call: a new one is answered at once, nothing is left pending.
    expect(text(await client.callTool({ name: 'old__echo', arguments: { message: 'after' } }))).toBe(
      'old: after',
    );
    expect(aggregator.relayedRequests).toBe(3);
  });
});

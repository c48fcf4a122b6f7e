// The aggregator served over a real StdioServerTransport, whose onframe hook lets a client's tool
// call go to the upstream (a real mcpkit server process on stdio, speaking the client's 2025-11-25:
// the echo server would settle on 2026-07-28 with the gateway, which is never relayed) from its
// text, unparsed.
import { PassThrough } from 'node:stream';
import { decodeMessage, JsonRpcError } from '@mcpkit/jsonrpc';
import { StdioServerTransport } from '@mcpkit/transport-stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { Cleanup, fixture, until } from '../test-helpers/processes.js';
import { Aggregator } from './aggregator.js';

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

/** A gateway in front of the fixture server, its client side raw lines on PassThrough streams. */
async function gateway() {
  const errors: Error[] = [];
  const aggregator = cleanup.add(
    // A timeout far longer than the test may wait: an answer it gets comes from the relay itself.
    new Aggregator({
      upstreams: [fixture('old', '--version', '2025-11-25')],
      requestTimeoutMs: 600_000,
      onerror: (e) => errors.push(e),
    }),
    (a) => a.close(),
  );
  await aggregator.start();
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const lines: unknown[] = [];
  let buffered = '';
  stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      lines.push(JSON.parse(buffered.slice(0, end)));
      buffered = buffered.slice(end + 1);
    }
  });
  const transport = new StdioServerTransport({ stdin, stdout });
  await aggregator.server.connect(transport);
  // The frames the gateway takes from their text (the relay's hook, which connect installed).
  const hook = transport.onframe;
  expect(hook, "the gateway sets the transport's onframe hook").toBeTypeOf('function');
  const taken: string[] = [];
  transport.onframe = (text) => {
    const took = hook!(text);
    if (took) taken.push(text);
    return took;
  };
  const write = (line: string) => void stdin.write(`${line}\n`);
  const answer = async (id: unknown) => {
    await until(`the answer to ${JSON.stringify(id)}`, () =>
      lines.some((line) => (line as { id?: unknown }).id === id),
    );
    const index = lines.findIndex((line) => (line as { id?: unknown }).id === id);
    return lines.splice(index, 1)[0] as Record<string, unknown>;
  };
  write(
    '{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}',
  );
  await answer('init');
  write('{"jsonrpc":"2.0","method":"notifications/initialized"}');
  return { aggregator, transport, write, answer, lines, taken, errors };
}

const call = (id: number, args: string) =>
  `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"old__echo","arguments":${args}}}`;

describe('a tool call relayed from its text over stdio', () => {
  it("takes the call from its text and answers it under the caller's id", async () => {
    const { aggregator, write, answer, taken } = await gateway();
    write(call(3, '{"message":"hé \\"q\\""}'));
    expect(await answer(3)).toEqual({
      jsonrpc: '2.0',
      id: 3,
      result: { content: [{ type: 'text', text: 'old: hé "q"' }] },
    });
    expect(taken).toEqual([call(3, '{"message":"hé \\"q\\""}')]);
    expect(aggregator.relayedRequests).toBe(1);
  });

  it('refuses a broken line that begins like a call at once, with the error the parsed path sends', async () => {
    const { transport, write, answer, lines, taken, errors } = await gateway();
    const broken = call(7, '{"message":"x",}');
    write(broken);
    const refused = await answer(null);
    expect(taken).toEqual([broken]);
    // The parsed path's answer to the same line: the hook off, the transport decodes it.
    const hook = transport.onframe;
    transport.onframe = undefined;
    write(broken);
    expect(await answer(null)).toEqual(refused);
    transport.onframe = hook;
    expect(refused).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    let expected: unknown;
    try {
      decodeMessage(broken);
    } catch (error) {
      expected = (error as JsonRpcError).response;
    }
    expect(refused).toEqual(expected);
    // Reported alike too, and nothing else reached the client.
    expect(errors.map((error) => error.message)).toEqual([
      (expected as { error: { message: string } }).error.message,
      (expected as { error: { message: string } }).error.message,
    ]);
    expect(errors[0]).toBeInstanceOf(JsonRpcError);
    // The broken call was forgotten: its id is free for a call that goes the text way again.
    write(call(7, '{"message":"after"}'));
    expect(await answer(7)).toMatchObject({ result: { content: [{ type: 'text', text: 'old: after' }] } });
    expect(taken).toHaveLength(2);
    expect(lines).toEqual([]);
  });
});

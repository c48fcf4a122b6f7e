// The behaviour every Transport must show, as vitest tests a transport author runs on their own
// implementation. This is the only module of the package that imports vitest.
import type { JSONRPCMessage } from '@mcpkit/protocol';
import type { Transport } from '../transport.js';

// vitest is an optional peer: loaded here so that the in-memory pair of the same entry works in
// projects without it; the load failure surfaces only when the suite is used.
type Vitest = typeof import('vitest');
let vitest: Vitest | undefined;
let vitestLoadError: unknown;
try {
  vitest = await import('vitest');
} catch (error) {
  vitestLoadError = error;
}

function requireVitest(): Vitest {
  if (vitest !== undefined) return vitest;
  throw new Error('runTransportContractSuite needs vitest (an optional peer dependency): install vitest ^4', {
    cause: vitestLoadError,
  });
}

/** A connected pair: what `a` sends, `b` receives, and the other way round. */
export interface TransportPair {
  a: Transport;
  b: Transport;
  /** Releases resources (processes, servers) once a test is done. */
  cleanup?(): void | Promise<void>;
}

/** Options of the transport contract suite: how long to wait for deliveries and close events. */
export interface TransportContractOptions {
  /** How long to wait for deliveries and close events (default 20 000 ms; tests may take twice that). */
  timeoutMs?: number;
}

/** Records what one end observes. */
class Observed {
  readonly messages: JSONRPCMessage[] = [];
  readonly errors: Error[] = [];
  closeCount = 0;

  constructor(transport: Transport) {
    transport.onmessage = (message) => this.messages.push(message);
    transport.onerror = (error) => this.errors.push(error);
    transport.onclose = () => this.closeCount++;
  }
}

async function waitUntil(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

function notification(seq: number, text = ''): JSONRPCMessage {
  return { jsonrpc: '2.0', method: 'contract/seq', params: { seq, text } };
}

/** One message of each kind in turn, so ordering covers requests, notifications and responses. */
function mixedMessage(seq: number): JSONRPCMessage {
  switch (seq % 3) {
    case 0:
      return { jsonrpc: '2.0', id: seq, method: 'contract/request', params: { seq } };
    case 1:
      return notification(seq);
    default:
      return { jsonrpc: '2.0', id: `r-${seq}`, result: { seq } };
  }
}

/**
 * Registers the transport contract tests under `describe(name)`. `factory` returns a connected
 * pair (callbacks not yet set, `start` not yet called); the suite sets callbacks and starts both.
 */
export function runTransportContractSuite(
  name: string,
  factory: () => TransportPair | Promise<TransportPair>,
  options?: TransportContractOptions,
): void {
  const timeoutMs = options?.timeoutMs ?? 20_000;
  const { afterEach, describe, expect, it } = requireVitest();

  describe(`transport contract: ${name}`, () => {
    let cleanups: Array<() => void | Promise<void>> = [];

    afterEach(async () => {
      const pending = cleanups;
      cleanups = [];
      for (const cleanup of pending) await cleanup();
    });

    async function open(): Promise<{ a: Transport; b: Transport; seenByA: Observed; seenByB: Observed }> {
      const pair = await factory();
      cleanups.push(async () => {
        await pair.a.close();
        await pair.b.close();
        await pair.cleanup?.();
      });
      const seenByA = new Observed(pair.a);
      const seenByB = new Observed(pair.b);
      await Promise.all([pair.a.start(), pair.b.start()]);
      return { a: pair.a, b: pair.b, seenByA, seenByB };
    }

    it('delivers 1,000 messages each way, in order', { timeout: timeoutMs * 2 }, async () => {
      const { a, b, seenByA, seenByB } = await open();
      const count = 1_000;
      const sends: Promise<void>[] = [];
      for (let seq = 0; seq < count; seq++) {
        sends.push(a.send(mixedMessage(seq)), b.send(mixedMessage(seq)));
      }
      await Promise.all(sends);
      await waitUntil(
        () => seenByA.messages.length >= count && seenByB.messages.length >= count,
        timeoutMs,
        `${count} messages on each side (a got ${seenByA.messages.length}, b got ${seenByB.messages.length})`,
      );
      const expected = Array.from({ length: count }, (_, seq) => mixedMessage(seq));
      expect(seenByB.messages).toEqual(expected);
      expect(seenByA.messages).toEqual(expected);
    });

    it('delivers 1 MiB messages intact both ways', { timeout: timeoutMs * 2 }, async () => {
      const { a, b, seenByA, seenByB } = await open();
      // Mixed ASCII, multi-byte characters and characters JSON must escape.
      const unit = 'abcé€😀"\\\n\t<>&';
      const big = unit.repeat(Math.ceil((1024 * 1024) / unit.length));
      await a.send(notification(1, big));
      await b.send(notification(2, `${big}!`));
      await waitUntil(
        () => seenByA.messages.length >= 1 && seenByB.messages.length >= 1,
        timeoutMs,
        'the large messages',
      );
      expect(seenByB.messages).toEqual([notification(1, big)]);
      expect(seenByA.messages).toEqual([notification(2, `${big}!`)]);
    });

    for (const closer of ['a', 'b'] as const) {
      it(`close() on ${closer} fires onclose once on both ends, and later sends reject`, async () => {
        const opened = await open();
        await opened[closer].close();
        await waitUntil(
          () => opened.seenByA.closeCount > 0 && opened.seenByB.closeCount > 0,
          timeoutMs,
          'onclose on both ends',
        );
        await opened[closer].close();
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(opened.seenByA.closeCount).toBe(1);
        expect(opened.seenByB.closeCount).toBe(1);
        await expect(opened.a.send(notification(1))).rejects.toBeInstanceOf(Error);
        await expect(opened.b.send(notification(2))).rejects.toBeInstanceOf(Error);
      });
    }

    it('rejects a send after close with an error that says why', async () => {
      const { a } = await open();
      await a.close();
      const error = await a.send(notification(1)).then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message.length).toBeGreaterThan(10);
    });

    it('keeps every message of concurrent senders, each sender in order', {
      timeout: timeoutMs * 2,
    }, async () => {
      const { a, b, seenByA, seenByB } = await open();
      const perSender = 100;
      const senders = 5;
      // Each "sender" is an async task interleaving with the others on the same transport.
      const run = async (transport: Transport, sender: number) => {
        for (let seq = 0; seq < perSender; seq++) {
          await transport.send({ jsonrpc: '2.0', method: 'contract/concurrent', params: { sender, seq } });
        }
      };
      const tasks: Promise<void>[] = [];
      for (let sender = 0; sender < senders; sender++) tasks.push(run(a, sender), run(b, sender));
      await Promise.all(tasks);
      const total = perSender * senders;
      await waitUntil(
        () => seenByA.messages.length >= total && seenByB.messages.length >= total,
        timeoutMs,
        `${total} concurrent messages on each side`,
      );
      for (const seen of [seenByA, seenByB]) {
        expect(seen.messages).toHaveLength(total);
        for (let sender = 0; sender < senders; sender++) {
          const order = seen.messages
            .map((message) => ('params' in message ? message.params : undefined))
            .filter((params) => params?.sender === sender)
            .map((params) => params?.seq);
          expect(order).toEqual(Array.from({ length: perSender }, (_, seq) => seq));
        }
      }
      expect(seenByA.errors).toEqual([]);
      expect(seenByB.errors).toEqual([]);
    });
  });
}

import { describe, expect, it } from 'vitest';
import { createStreamableHttpHandler } from './handler.js';
import { SseConnection } from './sse.js';
import { SseBufferBudget } from './sse-budget.js';
import { ADAPTERS, adapt, useAdapter } from './test-helpers/adapters.js';
import { connectFakeServer } from './test-helpers/fake-server.js';
import { getRequest, SseReader } from './test-helpers/http.js';
import { handshake } from './test-helpers/setup.js';

const event = (bytes: number) => ({ data: 'x'.repeat(bytes) });

describe.each(ADAPTERS)('on the %s adapter', (adapter) => {
  useAdapter(adapter);

  describe('the handler-wide SSE buffer budget', () => {
    it('cuts the connection holding the most once stalled readers together pass it', () => {
      const budget = new SseBufferBudget(10_000);
      const errors: Error[] = [];
      const open = () =>
        new SseConnection(undefined, { maxBufferedBytes: 8000, budget, onoverflow: (e) => errors.push(e) });
      const big = open();
      const small = open();
      for (let i = 0; i < 6; i++) expect(big.write(event(1000))).toBe(true);
      for (let i = 0; i < 3; i++) expect(small.write(event(1000))).toBe(true);
      expect(budget.totalBytes).toBe(big.bufferedBytes + small.bufferedBytes);
      // The next write to the small one passes 10 000: the big one goes, the small one is served.
      expect(small.write(event(1000))).toBe(true);
      expect(big.open).toBe(false);
      expect(small.open).toBe(true);
      expect(budget.totalBytes).toBe(small.bufferedBytes);
      expect(errors).toHaveLength(1);
      expect(errors[0]!.message).toMatch(
        /maxSseBufferTotalBytes = 10000.*holding the most \(6\d{3} bytes\) was cut/,
      );
    });

    it('cuts the writer itself when it holds the most', () => {
      const budget = new SseBufferBudget(5000);
      const other = new SseConnection(undefined, { budget });
      other.write(event(1000));
      const hog = new SseConnection(undefined, { budget });
      let written = 0;
      while (hog.write(event(1000))) written++;
      expect(written).toBe(3);
      expect(hog.open).toBe(false);
      expect(other.open).toBe(true);
      expect(budget.totalBytes).toBe(other.bufferedBytes);
    });

    it('never cuts a reader that keeps up, and releases what readers take', async () => {
      const budget = new SseBufferBudget(1000);
      const stalled = new SseConnection(undefined, { budget });
      stalled.write(event(500));
      const reading = new SseConnection(undefined, { budget });
      const reader = reading.body.getReader();
      const next = reader.read();
      await new Promise((resolve) => setTimeout(resolve, 0));
      // Straight to a waiting reader: nothing is buffered, nothing is cut.
      expect(reading.write(event(5000))).toBe(true);
      expect((await next).value!.byteLength).toBeGreaterThan(5000);
      expect(stalled.open).toBe(true);
      expect(reading.write(event(300))).toBe(true);
      expect(budget.totalBytes).toBe(stalled.bufferedBytes + reading.bufferedBytes);
      await reader.read();
      expect(budget.totalBytes).toBe(stalled.bufferedBytes);
    });

    it('keeps counting a stream the server closed until its reader took the rest', async () => {
      const budget = new SseBufferBudget(1_000_000);
      const connection = new SseConnection(undefined, { budget });
      connection.write(event(1000));
      connection.write(event(1000));
      connection.close();
      expect(budget.totalBytes).toBeGreaterThan(2000);
      const reader = connection.body.getReader();
      await reader.read();
      await reader.read();
      expect(await reader.read()).toEqual({ done: true, value: undefined });
      expect(budget.totalBytes).toBe(0);
    });

    it('bounds what stalled GET streams of many sessions hold together (maxSseBufferTotalBytes)', async () => {
      const errors: Error[] = [];
      const handler = adapt(
        createStreamableHttpHandler({
          maxSseBufferBytes: 400_000,
          maxSseBufferTotalBytes: 600_000,
          onerror: (error) => errors.push(error),
          onSession: (transport) => connectFakeServer(transport),
        }),
      );
      const readers: SseReader[] = [];
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const { sessionId, headers } = await handshake(handler);
        // The responses are taken but never read: three stalled clients.
        readers.push(new SseReader(await handler(getRequest(headers))));
        ids.push(sessionId);
      }
      const note = {
        jsonrpc: '2.0' as const,
        method: 'notifications/message',
        params: { data: 'y'.repeat(10_000) },
      };
      const sent = [0, 0, 0];
      for (let round = 0; round < 30; round++) {
        for (const [index, id] of ids.entries()) {
          await handler.getSession(id)!.send(note);
          sent[index]!++;
        }
      }
      // Each stream alone stays under its own 400 000 bytes (30 x ~10 KB); together they pass 600 000.
      const cut = errors.filter((error) => /maxSseBufferTotalBytes = 600000/.test(error.message));
      expect(cut.length, errors.map((e) => e.message).join('\n')).toBeGreaterThan(0);
      expect(errors.filter((error) => /maxSseBufferBytes = /.test(error.message))).toEqual([]);
      await handler.close();
    });
  });
});

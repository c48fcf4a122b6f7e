// JSON-RPC batches in 2025-03-26 sessions (issue 15, item 2): bounded up front, refused whole on a
// reused id, handed to the server a slice at a time, and answered with one array.
import { describe, expect, it } from 'vitest';
import { ADAPTERS, useAdapter } from './test-helpers/adapters.js';
import { postRequest, request } from './test-helpers/http.js';
import { harness, initialize } from './test-helpers/setup.js';

const echoes = (count: number, from = 0) =>
  Array.from({ length: count }, (_, index) => request('echo', from + index));

describe.each(ADAPTERS)('on the %s adapter', (adapter) => {
  useAdapter(adapter);

  describe('batches (2025-03-26)', () => {
    it('refuses a batch over maxBatchSize (default 1 000) with 400 and one -32600, before any of it runs', async () => {
      const { handler, servers } = harness();
      const { headers } = await initialize(handler, '2025-03-26');
      const before = servers[0]!.received.length;
      const refused = await handler(postRequest(echoes(1001), headers));
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message: 'Invalid request: a batch of 1001 messages is over the limit of 1000 (maxBatchSize)',
        },
      });
      expect(servers[0]!.received.length).toBe(before);
      const accepted = await handler(postRequest(echoes(1000), headers));
      expect(accepted.status).toBe(200);
      expect(await accepted.json()).toHaveLength(1000);

      const small = harness({ maxBatchSize: 2 });
      const session = await initialize(small.handler, '2025-03-26');
      const tooLong = await small.handler(postRequest(echoes(3), session.headers));
      expect(tooLong.status).toBe(400);
      expect(JSON.stringify(await tooLong.json())).toContain('a batch of 3 messages is over the limit of 2');
    });

    it('refuses a batch that uses one request id twice, running none of it', async () => {
      const { handler, servers } = harness();
      const { headers } = await initialize(handler, '2025-03-26');
      const before = servers[0]!.received.length;
      // Before, the first answer for id 7 completed the POST: one element for 300 requests.
      const refused = await handler(
        postRequest(
          Array.from({ length: 300 }, () => request('echo', 7)),
          headers,
        ),
      );
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message: 'Invalid request at $[1].id: duplicate id 7 in this batch (first at $[0])',
        },
      });
      expect(servers[0]!.received.length).toBe(before);
    });

    it('hands a long batch over a slice at a time, so another session is served meanwhile', async () => {
      const { handler, servers } = harness({ maxBatchSize: 5000 });
      const big = await initialize(handler, '2025-03-26');
      const other = await initialize(handler, '2025-03-26');
      const bigServer = servers[0]!;
      const batch = handler(postRequest(echoes(5000), big.headers));
      // Wait until the batch is being handed over, then ask the other session something.
      while (bigServer.received.length < 2) await new Promise((resolve) => setTimeout(resolve, 0));
      const single = await handler(postRequest(request('echo', 1, { x: 1 }), other.headers));
      expect(await single.json()).toEqual({ jsonrpc: '2.0', id: 1, result: { echo: { x: 1 } } });
      // The other session's answer came while the batch was still being handed over.
      expect(bigServer.received.length - 1).toBeLessThan(5000);
      const answer = (await (await batch).json()) as Array<{ id: number }>;
      expect(answer.map((response) => response.id).sort((a, b) => a - b)).toEqual(
        echoes(5000).map((message) => (message as { id: number }).id),
      );
    });

    it('hands a long notification-only batch over in order and still answers 202 at once', async () => {
      const { handler, servers } = harness({ maxBatchSize: 500 });
      const { headers } = await initialize(handler, '2025-03-26');
      const notes = Array.from({ length: 500 }, (_, index) => ({
        jsonrpc: '2.0',
        method: 'notifications/x',
        params: { index },
      }));
      const response = await handler(postRequest(notes, headers));
      expect(response.status).toBe(202);
      const server = servers[0]!;
      while (server.received.length < 501) await new Promise((resolve) => setTimeout(resolve, 0));
      expect(server.received.slice(1).map((entry) => entry.message)).toEqual(notes);
    });
  });
});

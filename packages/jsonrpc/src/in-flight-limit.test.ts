import { describe, expect, it } from 'vitest';
import { JsonRpcError } from './errors.js';
import { DEFAULT_MAX_IN_FLIGHT_REQUESTS } from './incoming-requests.js';
import { JsonRpcPeer } from './peer.js';
import { createInMemoryTransportPair } from './testing/index.js';

describe('maxInFlightRequests', () => {
  it('refuses a request over the limit with -32600 naming it, and accepts again once one finishes', async () => {
    const [clientSide, serverSide] = createInMemoryTransportPair();
    const server = new JsonRpcPeer({ maxInFlightRequests: 2 });
    const releases: Array<() => void> = [];
    server.setRequestHandler(
      'slow',
      () => new Promise((resolve) => releases.push(() => resolve({ done: true }))),
    );
    const client = new JsonRpcPeer();
    await server.connect(serverSide);
    await client.connect(clientSide);

    const first = client.request('slow');
    const second = client.request('slow');
    await new Promise((resolve) => setTimeout(resolve, 10));
    const refused = (await client.request('slow').catch((error: unknown) => error)) as JsonRpcError;
    expect(refused).toBeInstanceOf(JsonRpcError);
    expect(refused.code).toBe(-32600);
    expect(refused.message).toContain(
      '2 requests are already in flight on this connection (maxInFlightRequests 2)',
    );
    expect(refused.data).toEqual({ maxInFlightRequests: 2 });

    releases.shift()?.();
    expect(await first).toEqual({ done: true });
    const third = client.request('slow');
    await new Promise((resolve) => setTimeout(resolve, 10));
    for (const release of releases.splice(0)) release();
    expect(await Promise.all([second, third])).toEqual([{ done: true }, { done: true }]);
    await client.close();
    await server.close();
  });

  it('defaults to a bound of 1024', () => {
    expect(DEFAULT_MAX_IN_FLIGHT_REQUESTS).toBe(1024);
  });
});

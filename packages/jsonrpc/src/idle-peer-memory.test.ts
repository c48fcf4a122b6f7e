// An HTTP server holds one peer per idle session, thousands at once: what a connected peer keeps
// before it sends or receives anything is paid that many times.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { JsonRpcPeer } from './peer.js';
import { RecordingTransport } from './test-helpers/recording-transport.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function settledHeap(): number {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
}

/** A peer wired as a server session wires one: a fallback handler and two notification handlers. */
async function idlePeer(transport: RecordingTransport): Promise<JsonRpcPeer> {
  const peer = new JsonRpcPeer({ onerror: () => undefined });
  peer.fallbackRequestHandler = () => ({});
  peer.setNotificationHandler('notifications/initialized', () => undefined);
  peer.setNotificationHandler('notifications/roots/list_changed', () => undefined);
  await peer.connect(transport);
  return peer;
}

describe('idle peer memory', () => {
  it('a connected peer that never sent a request holds no pending table, timer callback or empty handler map', async () => {
    const count = 2_000;
    const transports = Array.from({ length: count }, () => new RecordingTransport());
    const peers: JsonRpcPeer[] = new Array(count);
    peers[0] = await idlePeer(transports[0]!);
    const before = settledHeap();
    for (let i = 1; i < count; i++) peers[i] = await idlePeer(transports[i]!);
    const perPeer = (settledHeap() - before) / (count - 1);
    // Measured 2,010-2,130 B with the empty request-handler Map, the pending-request table (its Map
    // and two callbacks) and a bound send-failure callback made for every peer; 1,340 B without them.
    expect(perPeer, `heap bytes per idle connected peer: ${Math.round(perPeer)}`).toBeLessThan(1_650);
    // Still a working peer: a request made afterwards gets its answer.
    const answered = peers[1]!.request('ping');
    transports[1]!.deliver({ jsonrpc: '2.0', id: 0, result: {} });
    await expect(answered).resolves.toEqual({});
  });
});

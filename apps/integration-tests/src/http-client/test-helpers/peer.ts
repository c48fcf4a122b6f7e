// Test-only: a raw JsonRpcPeer over any transport, doing the MCP initialize handshake by hand.
import { JsonRpcPeer, type Transport } from '@mcpkit/jsonrpc';
import type { JSONObject } from '@mcpkit/protocol';

export interface InitializedPeer {
  peer: JsonRpcPeer;
  initializeResult: JSONObject;
  errors: Error[];
}

export async function initializePeer(
  transport: Transport,
  protocolVersion = '2025-11-25',
  setup: { capabilities?: JSONObject; beforeConnect?: (peer: JsonRpcPeer) => void } = {},
): Promise<InitializedPeer> {
  const errors: Error[] = [];
  const peer = new JsonRpcPeer({ defaultTimeoutMs: 10_000, onerror: (error) => errors.push(error) });
  setup.beforeConnect?.(peer);
  await peer.connect(transport);
  const initializeResult = await peer.request('initialize', {
    protocolVersion,
    capabilities: setup.capabilities ?? {},
    clientInfo: { name: 'mcpkit-http-client-interop', version: '0.0.0' },
  });
  transport.setProtocolVersion?.(String(initializeResult.protocolVersion));
  await peer.notify('notifications/initialized');
  return { peer, initializeResult, errors };
}

export function textOf(result: JSONObject): string {
  const content = result.content as Array<{ type: string; text?: string }> | undefined;
  return (content ?? []).map((block) => block.text ?? '').join('');
}

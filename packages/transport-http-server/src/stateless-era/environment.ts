import { wireLogFromEnvironment } from '@mcpkit/jsonrpc';
import type { Gate } from '../gate.js';
import type { KeepAlive } from '../keep-alive.js';
import type { ResolvedOptions } from '../options.js';
import type { RequestTransport, RequestTransportEnvironment } from './request-transport.js';

/**
 * What the transports of 2026-07-28 requests share, and the set of those in flight so the handler's
 * `close()` can end them. Requests count in the gate (close() waits for them) except listen
 * streams, which only end when closed.
 */
export function createRequestEnvironment(
  config: ResolvedOptions,
  keepAlive: KeepAlive,
  gate: Gate,
): { env: RequestTransportEnvironment; closeAll(): Promise<void> } {
  const live = new Set<RequestTransport>();
  const env: RequestTransportEnvironment = {
    bus: config.messageBus,
    keepAlive,
    responseMode: config.responseMode,
    retryMs: config.retryMs,
    wireLog: wireLogFromEnvironment('http-server-stateless'),
    onerror: config.onerror,
    admitted: (transport) => {
      live.add(transport);
      if (!transport.isListen) gate.enter();
    },
    released: (transport) => {
      if (live.delete(transport) && !transport.isListen) gate.leave();
    },
  };
  return {
    env,
    closeAll: async () => {
      await Promise.all([...live].map((transport) => transport.close()));
    },
  };
}

import type { Transport } from '@mcpkit/jsonrpc';
import { StdioServerTransport } from '@mcpkit/transport-stdio';
import { Aggregator } from './aggregate/aggregator.js';
import { transportFor } from './aggregate/upstream.js';
import type { GatewayEvent, HttpUpstream } from './options.js';
import { relay } from './relay.js';

/** Options of `startHttpStdioBridge`. */
export interface HttpStdioBridgeOptions {
  /** The remote server: URL, transport, headers, `auth` (e.g. `oauthProvider(...)`). */
  upstream: HttpUpstream;
  /**
   * `relay` (default): the host's messages go to the remote server as they are, so every feature
   * of the revision they agree on passes through. `bridge`: through the gateway's own server,
   * which speaks every revision to the host whatever the remote server speaks (a 2025 host and a
   * 2026-07-28-only server, or the reverse), reconnecting with backoff when the server goes away.
   */
  mode?: 'relay' | 'bridge';
  /** The host side (default: this process's stdin/stdout). */
  downstream?: Transport;
  /** What happens to the upstream (`bridge` mode). */
  onevent?: (event: GatewayEvent) => void;
  /** Problems that do not stop the bridge. */
  onerror?: (error: Error) => void;
}

/** A running bridge. */
export interface HttpStdioBridge {
  /** Resolves once the bridge ended, with the upstream's failure when that ended it (`relay` mode). */
  readonly closed: Promise<Error | undefined>;
  /** Ends the bridge: closes both sides. */
  close(): Promise<void>;
}

/**
 * A local stdio server that forwards to a remote Streamable HTTP (or legacy HTTP+SSE) server, so a
 * desktop host that only runs commands can use it. With `auth` (an `OAuthClientProvider`, see
 * `oauthProvider`) the user logs in once through the browser and the tokens are kept and refreshed.
 */
export async function startHttpStdioBridge(options: HttpStdioBridgeOptions): Promise<HttpStdioBridge> {
  const downstream = options.downstream ?? new StdioServerTransport();
  if ((options.mode ?? 'relay') === 'relay') {
    const running = await relay(downstream, transportFor(options.upstream), {
      upstreamName: options.upstream.name ?? options.upstream.url,
      ...(options.onerror === undefined ? {} : { onerror: options.onerror }),
    });
    return { closed: running.closed, close: () => running.close() };
  }
  const aggregator = new Aggregator({
    upstreams: [{ ...options.upstream, namespace: false }],
    ...(options.onevent === undefined ? {} : { onevent: options.onevent }),
    ...(options.onerror === undefined ? {} : { onerror: options.onerror }),
  });
  await aggregator.start();
  const session = await aggregator.server.connect(downstream);
  const closed = new Promise<Error | undefined>((resolve) =>
    session.addCloseListener(() => resolve(undefined)),
  );
  void closed.then(() => aggregator.close());
  return {
    closed,
    close: async () => {
      await aggregator.close();
      await closed;
    },
  };
}

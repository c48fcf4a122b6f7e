import type { Peer, RequestOptions, Transport } from '@mcpkit/jsonrpc';
import {
  type ClientCapabilities,
  type Implementation,
  InitializeResultSchema,
  isStatelessProtocolVersion,
  type ServerCapabilities,
} from '@mcpkit/protocol';
import { newestFirst, probeServer } from './discover.js';
import { McpClientError, McpClientErrorCode } from './errors.js';
import type { NegotiationCache } from './negotiation-cache.js';
import { parseServerResult } from './validation.js';

/**
 * What the client learned about the server when it connected. A stateful session gets it from
 * `initialize`; the stateless revision (2026-07-28) will fill the same shape from `server/discover`
 * and per-result `_meta`, so the rest of the client does not care which path ran.
 */
export interface NegotiatedSession {
  /** `stateful` for the initialize handshake; `stateless` is reserved for 2026-07-28. */
  mode: 'stateful' | 'stateless';
  protocolVersion: string;
  /** Absent only when a stateless server did not identify itself in `server/discover`. */
  serverInfo?: Implementation;
  serverCapabilities: ServerCapabilities;
  instructions?: string;
}

export interface HandshakeInput {
  clientInfo: Implementation;
  capabilities: ClientCapabilities;
  /** The version the client offers (the newest it wants). */
  offeredVersion: string;
  /** Every version the client accepts if the server answers with another one. */
  supportedVersions: readonly string[];
}

export interface NegotiationInput extends HandshakeInput {
  /** Timeout of the `server/discover` probe; a legacy server that stays silent costs this long. */
  discoverTimeoutMs: number;
  /** Where a legacy server's revision is remembered, under `serverKey`, to skip the next probe. */
  cache?: { store: NegotiationCache; serverKey: string };
}

/**
 * Agrees on a revision. Offering a stateless revision probes `server/discover` first and falls
 * back to `initialize` (with the newest supported stateful revision) for a legacy server;
 * offering a stateful one goes straight to `initialize`. The transport learns each version as it
 * is tried and the final one. The caller closes the connection when this throws.
 */
export async function negotiate(
  peer: Peer,
  transport: Transport,
  input: NegotiationInput,
  options: RequestOptions | undefined,
): Promise<NegotiatedSession> {
  let offered = input.offeredVersion;
  const remembered = input.cache?.store.get(input.cache.serverKey);
  const skipProbe = remembered !== undefined && input.supportedVersions.includes(remembered);
  if (skipProbe) offered = remembered;
  if (isStatelessProtocolVersion(offered)) {
    const probeOptions = { ...options, timeoutMs: options?.timeoutMs ?? input.discoverTimeoutMs };
    const outcome = await probeServer(peer, transport, input, probeOptions);
    if (outcome.era === 'modern') return outcome.session;
    const [newestStateful] = newestFirst(
      input.supportedVersions.filter((v) => !isStatelessProtocolVersion(v)),
    );
    if (newestStateful === undefined) {
      throw new McpClientError(
        McpClientErrorCode.UnsupportedProtocolVersion,
        `The server did not answer server/discover as a ${offered} server would (${outcome.reason.message}), ` +
          `and this client supports no stateful revision to fall back to (supported: ${input.supportedVersions.join(', ')})`,
        { cause: outcome.reason },
      );
    }
    offered = outcome.version ?? newestStateful;
    transport.setProtocolVersion?.(offered);
  }
  let session: NegotiatedSession;
  try {
    session = await initializeHandshake(peer, { ...input, offeredVersion: offered }, options);
  } catch (error) {
    // The server may have been upgraded since: probe again next time.
    if (skipProbe) input.cache?.store.delete(input.cache.serverKey);
    throw error;
  }
  if (isStatelessProtocolVersion(input.offeredVersion))
    input.cache?.store.set(input.cache.serverKey, session.protocolVersion);
  transport.setProtocolVersion?.(session.protocolVersion);
  await peer.notify('notifications/initialized');
  return session;
}

/**
 * The stateful handshake: `initialize` and the version check (the caller sends
 * `notifications/initialized`). Throws UNSUPPORTED_PROTOCOL_VERSION when the server picks a
 * revision this client does not speak.
 */
export async function initializeHandshake(
  peer: Peer,
  input: HandshakeInput,
  options?: RequestOptions,
): Promise<NegotiatedSession> {
  const raw = await peer.request(
    'initialize',
    { protocolVersion: input.offeredVersion, capabilities: input.capabilities, clientInfo: input.clientInfo },
    options,
  );
  const result = parseServerResult(InitializeResultSchema, raw, 'initialize', undefined);
  // A stateless revision cannot be negotiated through initialize.
  const version = result.protocolVersion;
  if (!input.supportedVersions.includes(version) || isStatelessProtocolVersion(version)) {
    throw new McpClientError(
      McpClientErrorCode.UnsupportedProtocolVersion,
      `Server '${result.serverInfo.name}' answered initialize with protocol version ` +
        `'${result.protocolVersion}', which this client does not support ` +
        `(offered ${input.offeredVersion}; supported: ${input.supportedVersions.join(', ')})`,
      { data: { received: result.protocolVersion, supported: [...input.supportedVersions] } },
    );
  }
  const session: NegotiatedSession = {
    mode: 'stateful',
    protocolVersion: result.protocolVersion,
    serverInfo: result.serverInfo,
    serverCapabilities: result.capabilities,
  };
  if (result.instructions !== undefined) session.instructions = result.instructions;
  return session;
}

import { JsonRpcError, type Peer, type RequestOptions, type Transport } from '@mcpkit/jsonrpc';
import { InitializeResultSchema, isStatelessProtocolVersion } from '@mcpkit/protocol';
import { probeServer } from './discover.js';
import { McpClientError, McpClientErrorCode } from './errors.js';
import { type HandshakeInput, type NegotiatedSession, newestFirst } from './handshake.js';
import type { NegotiationCache } from './negotiation-cache.js';
import { parseServerResult } from './validation.js';

export interface NegotiationInput extends HandshakeInput {
  /**
   * Timeout of the `server/discover` probe over transports where a legacy server may stay silent
   * (stdio); such a server costs this long. Elsewhere the probe has the request's own timeout.
   */
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
  // A probe that went unanswered where a legacy server may stay silent (see afterSilentProbe).
  let silentProbe = false;
  if (isStatelessProtocolVersion(offered)) {
    // The short probe timeout exists only to give up on a silent legacy server; where none can be
    // silent (HTTP), a slow server gets the request's own timeout.
    const probeOptions = transport.legacyPeersMayStaySilent
      ? { ...options, timeoutMs: options?.timeoutMs ?? input.discoverTimeoutMs }
      : { ...options };
    const outcome = await probeServer(peer, transport, input, probeOptions);
    if (outcome.era === 'modern') return outcome.session;
    silentProbe = outcome.silent === true;
    const [newestStateful] = newestFirst(input.supportedVersions, false);
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
    if (silentProbe) return afterSilentProbe(peer, transport, input, options, error);
    throw error;
  }
  if (isStatelessProtocolVersion(input.offeredVersion))
    input.cache?.store.set(input.cache.serverKey, session.protocolVersion);
  transport.setProtocolVersion?.(session.protocolVersion);
  await peer.notify('notifications/initialized');
  return session;
}

/**
 * `server/discover` went unanswered and `initialize` failed too. A server that refuses
 * `initialize` is alive, so the probe's silence was slowness (a busy machine), not a legacy server:
 * probe once more with the request's own timeout. Silence to both stays a timeout error.
 */
async function afterSilentProbe(
  peer: Peer,
  transport: Transport,
  input: NegotiationInput,
  options: RequestOptions | undefined,
  initializeError: unknown,
): Promise<NegotiatedSession> {
  // Only stdio gets here (see Transport.legacyPeersMayStaySilent), where a refusal is a JSON-RPC error.
  if (!(initializeError instanceof JsonRpcError) || options?.signal?.aborted) throw initializeError;
  const again = await probeServer(peer, transport, input, options ?? {});
  if (again.era === 'modern') return again.session;
  throw initializeError;
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

import type { Peer, RequestOptions } from '@mcpkit/jsonrpc';
import {
  type ClientCapabilities,
  type Implementation,
  InitializeResultSchema,
  type ServerCapabilities,
} from '@mcpkit/protocol';
import { McpClientError, McpClientErrorCode } from './errors.js';
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
  serverInfo: Implementation;
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

/**
 * The stateful handshake: `initialize`, version check, then `notifications/initialized`. Throws
 * UNSUPPORTED_PROTOCOL_VERSION when the server picks a revision this client does not speak; the
 * caller closes the connection.
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
  if (!input.supportedVersions.includes(result.protocolVersion)) {
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

import {
  JsonRpcError,
  McpkitError,
  McpkitErrorCode,
  type Peer,
  type RequestOptions,
  type Transport,
} from '@mcpkit/jsonrpc';
import {
  DiscoverResultSchema,
  ErrorCode,
  type Implementation,
  isStatelessProtocolVersion,
  MetaKey,
} from '@mcpkit/protocol';
import { McpClientError, McpClientErrorCode } from './errors.js';
import { type HandshakeInput, type NegotiatedSession, newestFirst, supportedList } from './handshake.js';
import { withRequestMeta } from './stateless.js';
import { parseServerResult } from './validation.js';

/** Errors only a modern (2026-07-28+) server sends: they identify the era, so no fallback. */
const MODERN_ERROR_CODES: ReadonlySet<number> = new Set([
  ErrorCode.HeaderMismatch,
  ErrorCode.MissingRequiredClientCapability,
  ErrorCode.UnsupportedProtocolVersion,
]);

export type ProbeOutcome =
  | { era: 'modern'; session: NegotiatedSession }
  /**
   * `version`: the stateful revision to offer, when the server named the ones it speaks.
   * `silent`: the probe timed out, which a slow modern server does as well as a legacy one.
   */
  | { era: 'legacy'; reason: Error; version?: string; silent?: boolean };

/**
 * Probes with `server/discover` (2026-07-28 backward compatibility). A DiscoverResult or a
 * recognised modern error means a modern server: pick a mutually supported stateless version,
 * retrying after UnsupportedProtocolVersionError. Any other answer (a JSON-RPC error, an HTTP 4xx
 * surfaced by the transport) means a legacy server, and the caller falls back to `initialize`.
 * A timeout is a timeout error, except where the transport says a legacy server may stay silent
 * (stdio): there it is reported as `silent`, which a modern server on a busy machine also is, so
 * the caller must not take it as proof. Cancellation and a lost connection are rethrown: they say
 * nothing about the era.
 */
export async function probeServer(
  peer: Peer,
  transport: Transport,
  input: HandshakeInput,
  options: RequestOptions,
): Promise<ProbeOutcome> {
  const ours = newestFirst(input.supportedVersions.filter(isStatelessProtocolVersion));
  const tried = new Set<string>();
  let version = input.offeredVersion;
  let retriedSame = false;
  for (;;) {
    tried.add(version);
    transport.setProtocolVersion?.(version);
    const identity = {
      protocolVersion: version,
      clientInfo: input.clientInfo,
      capabilities: input.capabilities,
    };
    let raw: Awaited<ReturnType<Peer['request']>>;
    try {
      raw = await peer.request('server/discover', withRequestMeta(undefined, identity), options);
    } catch (error) {
      if (error instanceof JsonRpcError && error.code === ErrorCode.UnsupportedProtocolVersion) {
        const offered = supportedList(error.data);
        let next = ours.find((candidate) => offered.includes(candidate) && !tried.has(candidate));
        // A server may reject a version it lists as supported (e.g. a stale header): retry it once.
        if (next === undefined && !retriedSame && offered.includes(version) && ours.includes(version)) {
          retriedSame = true;
          next = version;
        }
        if (next !== undefined) {
          version = next;
          continue;
        }
        return chooseLegacyOrFail(offered, input, error);
      }
      if (error instanceof JsonRpcError && MODERN_ERROR_CODES.has(error.code)) throw error;
      if (options.signal?.aborted || isConnectionLoss(error)) throw error;
      const reason = error instanceof Error ? error : new Error(String(error));
      // A timeout stays a timeout, unless the transport says a legacy server may be silent.
      if (error instanceof McpkitError && error.code === McpkitErrorCode.RequestTimeout) {
        if (transport.legacyPeersMayStaySilent) return { era: 'legacy', reason, silent: true };
        throw error;
      }
      // Any other failure (a JSON-RPC error, an HTTP 4xx a transport reports) marks a legacy
      // server; if the server is simply unreachable, initialize fails the same way.
      return { era: 'legacy', reason };
    }
    // Lenient on purpose: the probe only needs versions and capabilities to pick the era.
    const result = parseServerResult(DiscoverResultSchema, raw, 'server/discover', version);
    const chosen = ours.find((candidate) => result.supportedVersions.includes(candidate));
    if (chosen === undefined) return chooseLegacyOrFail(result.supportedVersions, input, undefined);
    if (chosen !== version) transport.setProtocolVersion?.(chosen);
    const session: NegotiatedSession = {
      mode: 'stateless',
      protocolVersion: chosen,
      serverCapabilities: result.capabilities,
    };
    const serverInfo = result._meta?.[MetaKey.ServerInfo] as Implementation | undefined;
    if (serverInfo !== undefined) session.serverInfo = serverInfo;
    if (result.instructions !== undefined) session.instructions = result.instructions;
    return { era: 'modern', session };
  }
}

function isConnectionLoss(error: unknown): boolean {
  return (
    error instanceof McpkitError &&
    (error.code === McpkitErrorCode.ConnectionClosed ||
      error.code === McpkitErrorCode.NotConnected ||
      error.code === McpkitErrorCode.RequestCancelled)
  );
}

/** A modern server that also speaks a stateful revision we support is served through initialize. */
function chooseLegacyOrFail(
  serverVersions: readonly string[],
  input: HandshakeInput,
  cause: unknown,
): ProbeOutcome {
  const stateful = newestFirst(input.supportedVersions.filter((v) => !isStatelessProtocolVersion(v)));
  const version = stateful.find((v) => serverVersions.includes(v));
  if (version !== undefined) {
    const reason = new Error(
      `the server lists only ${serverVersions.join(', ')}, none of them stateless ones we speak`,
    );
    return { era: 'legacy', reason, version };
  }
  throw new McpClientError(
    McpClientErrorCode.UnsupportedProtocolVersion,
    `The server supports protocol versions ${serverVersions.join(', ') || '(none listed)'}; ` +
      `this client supports ${input.supportedVersions.join(', ')}`,
    { cause, data: { received: [...serverVersions], supported: [...input.supportedVersions] } },
  );
}

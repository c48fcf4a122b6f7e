import {
  type ClientCapabilities,
  type Implementation,
  isStatelessProtocolVersion,
  type ServerCapabilities,
} from '@mcpkit/protocol';

/**
 * What the client learned about the server when it connected. A stateful session gets it from
 * `initialize`; the stateless revision (2026-07-28) fills the same shape from `server/discover`
 * and per-result `_meta`, so the rest of the client does not care which path ran.
 */
export interface NegotiatedSession {
  /** `stateful` for the initialize handshake; `stateless` for 2026-07-28 and later. */
  mode: 'stateful' | 'stateless';
  protocolVersion: string;
  /** Absent only when a stateless server did not identify itself in `server/discover`. */
  serverInfo?: Implementation;
  serverCapabilities: ServerCapabilities;
  instructions?: string;
}

/** What both the `server/discover` probe and the `initialize` handshake send. */
export interface HandshakeInput {
  clientInfo: Implementation;
  capabilities: ClientCapabilities;
  /** The version the client offers (the newest it wants). */
  offeredVersion: string;
  /** Every version the client accepts if the server answers with another one. */
  supportedVersions: readonly string[];
}

/**
 * The stateless (2026-07-28+) or the stateful revisions among `versions`, newest first; protocol
 * versions are ISO dates, so string order is time order.
 */
export function newestFirst(versions: readonly string[], stateless: boolean): string[] {
  return versions
    .filter((version) => isStatelessProtocolVersion(version) === stateless)
    .sort() // revisions are dates: their string order is their age
    .reverse();
}

/** The versions an UnsupportedProtocolVersionError lists in `data.supported` (empty if malformed). */
export function supportedList(data: unknown): string[] {
  const supported = (data as { supported?: unknown } | undefined)?.supported;
  return Array.isArray(supported) ? supported.filter((v): v is string => typeof v === 'string') : [];
}

import {
  ErrorCode,
  HttpHeader,
  isStatelessProtocolVersion,
  type JSONRPCMessage,
  MetaKey,
  type RequestId,
} from '@mcpkit/protocol';
import type { HttpExchange, Reply } from './exchange.js';
import { rejection } from './http-errors.js';

/** The revision a request speaks, decided per request: this is where 2026-07-28 will branch off. */
export type VersionDecision =
  | { era: 'session'; version: string | undefined }
  | { era: 'stateless'; version: string }
  | { era: 'unsupported'; requested: string };

/**
 * Reads MCP-Protocol-Version, or for a request without it the `_meta` protocol version of the body
 * (2026-07-28 carries it there). `version` undefined means "not declared": the session's negotiated
 * version applies, else 2025-03-26 as the spec says.
 */
export function decideVersion(
  request: HttpExchange,
  messages: JSONRPCMessage[],
  supported: readonly string[],
  statelessSupported: readonly string[] = [],
): VersionDecision {
  const header = request.header(HttpHeader.ProtocolVersion)?.trim();
  const inBody = metaVersion(messages);
  // A body naming a stateless revision is one, whatever the header says: a different header is then
  // a HeaderMismatch of that revision, not a 2025 request without a session.
  if (isStateless(inBody, statelessSupported)) return { era: 'stateless', version: inBody };
  const declared = header || inBody;
  if (declared === undefined) return { era: 'session', version: undefined };
  if (isStateless(declared, statelessSupported)) return { era: 'stateless', version: declared };
  if (!supported.includes(declared)) return { era: 'unsupported', requested: declared };
  return { era: 'session', version: declared };
}

function isStateless(version: string | undefined, statelessSupported: readonly string[]): version is string {
  return (
    version !== undefined && (isStatelessProtocolVersion(version) || statelessSupported.includes(version))
  );
}

/** The version the spec says to assume when nothing declares one. */
export const DEFAULT_ASSUMED_VERSION = '2025-03-26';

function metaVersion(messages: JSONRPCMessage[]): string | undefined {
  const first = messages[0];
  if (!first || !('method' in first)) return undefined;
  const meta = first.params?._meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  const version = (meta as Record<string, unknown>)[MetaKey.ProtocolVersion];
  return typeof version === 'string' ? version : undefined;
}

/** 400 with UnsupportedProtocolVersionError (-32022); `id` is the request's, when the body was read. */
export function unsupportedVersion(
  requested: string,
  supported: readonly string[],
  id: RequestId | null = null,
): Reply {
  return rejection(
    400,
    `Bad Request: unsupported MCP-Protocol-Version ${JSON.stringify(requested)}; supported: ${supported.join(', ')}`,
    { code: ErrorCode.UnsupportedProtocolVersion, data: { supported: [...supported], requested }, id },
  );
}

/** A stateless revision this handler was configured not to serve (`statelessProtocolVersions`). */
export function statelessEraNotServed(
  requested: string,
  supported: readonly string[],
  id: RequestId | null = null,
): Reply {
  return rejection(
    400,
    `Bad Request: protocol version ${requested} is not served by this endpoint; supported: ${supported.join(', ')}`,
    { code: ErrorCode.UnsupportedProtocolVersion, data: { supported: [...supported], requested }, id },
  );
}

/** The request id of a single-request body, for error answers that must keep it. */
export function requestIdOf(messages: JSONRPCMessage[]): RequestId | null {
  const first = messages.length === 1 ? messages[0] : undefined;
  return first && 'id' in first && first.id !== undefined ? first.id : null;
}

import { JsonRpcError } from '@mcpkit/jsonrpc';
import { ErrorCode, isStatelessProtocolVersion } from '@mcpkit/protocol/essentials';

// Protocol errors the server raises, built in one place so codes and data stay consistent.

/**
 * Resource not found: -32002 with `data.uri` up to 2025-11-25, -32602 from 2026-07-28 on
 * (SEP-2164; clients accept both).
 */
export function resourceNotFound(uri: string, protocolVersion: string): JsonRpcError {
  const code = isStatelessProtocolVersion(protocolVersion)
    ? ErrorCode.InvalidParams
    : ErrorCode.ResourceNotFound;
  return new JsonRpcError(code, `Resource not found: ${uri}`, { uri });
}

/** The client did not declare a capability the handler needs (e.g. `sampling` before `ctx.sample`). */
export class MissingClientCapabilityError extends JsonRpcError {
  constructor(what: string, requiredCapabilities: Record<string, unknown>) {
    super(
      ErrorCode.MissingRequiredClientCapability,
      `${what} needs the client capability ${describeCapabilities(requiredCapabilities)}, which this client did not declare`,
      { requiredCapabilities },
    );
  }
}

function describeCapabilities(capabilities: Record<string, unknown>): string {
  return Object.entries(capabilities)
    .map(([key, value]) => {
      const inner = typeof value === 'object' && value !== null ? Object.keys(value) : [];
      return inner.length > 0 ? inner.map((sub) => `${key}.${sub}`).join(', ') : key;
    })
    .join(', ');
}

/** The feature exists only in a newer revision than the one this session negotiated. */
export function unsupportedByRevision(what: string, since: string, protocolVersion: string): JsonRpcError {
  return new JsonRpcError(
    ErrorCode.InvalidRequest,
    `${what} needs protocol revision ${since} or newer; this session speaks ${protocolVersion}`,
  );
}

/** A URL the user must visit before a call can go on, carried by a URL-elicitation-required error. */
export interface UrlElicitation {
  message: string;
  url: string;
  elicitationId: string;
}

/**
 * 2025-11-25: refuse a request until the user completes URL-mode elicitations (-32042). Throw it
 * from any handler, tools included; the client shows the URLs and may retry.
 */
export function urlElicitationRequired(elicitations: UrlElicitation[], message?: string): JsonRpcError {
  return new JsonRpcError(
    ErrorCode.UrlElicitationRequired,
    message ?? 'This request requires more information: complete the URL elicitation first',
    { elicitations: elicitations.map((elicitation) => ({ mode: 'url', ...elicitation })) },
  );
}

/** Errors a tool may throw that must stay protocol errors instead of becoming `isError` results. */
export function isProtocolLevelToolError(error: unknown, protocolVersion: string): error is JsonRpcError {
  if (!(error instanceof JsonRpcError)) return false;
  if (error.code === ErrorCode.UrlElicitationRequired) return true;
  // -32021 exists from 2026-07-28 on; older clients get a readable isError result instead.
  return (
    error.code === ErrorCode.MissingRequiredClientCapability && isStatelessProtocolVersion(protocolVersion)
  );
}

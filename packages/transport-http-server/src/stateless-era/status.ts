import { ErrorCode } from '@mcpkit/protocol';

/**
 * The HTTP status of a JSON answer carrying a JSON-RPC error, as 2026-07-28 requires: unknown or
 * removed methods are 404; malformed params (including a missing `_meta` envelope), header
 * mismatches, missing client capabilities and unsupported versions are 400. Other errors stay 200,
 * as a JSON-RPC answer to a well-formed request.
 */
export function httpStatusForError(code: number): number {
  switch (code) {
    case ErrorCode.MethodNotFound:
      return 404;
    case ErrorCode.ParseError:
    case ErrorCode.InvalidRequest:
    case ErrorCode.InvalidParams:
    case ErrorCode.HeaderMismatch:
    case ErrorCode.MissingRequiredClientCapability:
    case ErrorCode.UnsupportedProtocolVersion:
      return 400;
    default:
      return 200;
  }
}

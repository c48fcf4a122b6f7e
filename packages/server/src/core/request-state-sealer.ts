import type { MessageExtra } from '@mcpkit/jsonrpc';
import type { JSONObject } from '@mcpkit/protocol/essentials';

/**
 * The request a `requestState` is issued for and presented on. A sealer binds the state to it, so
 * an answer given to one request cannot complete another (MCP 2026-07-28 MRTR: "the authenticated
 * principal", "a short expiry", "an identifier for the originating request").
 */
export interface RequestStateBinding {
  /** The request's method, e.g. `tools/call`. */
  readonly method: string;
  /**
   * The request's params: the state is bound to all of them but `_meta`, `inputResponses` and
   * `requestState` (for tools/call the tool name and arguments, for resources/read the URI).
   */
  readonly params: JSONObject | undefined;
  /** What the transport knows of the message; its `authInfo` (client id, subject) is the principal. */
  readonly extra?: MessageExtra;
}

/**
 * What a server needs to carry 2026-07-28 multi-round-trip answers in `requestState`: sealing
 * them into a string the client echoes back, and opening that string again (rejecting forgeries
 * with -32602). `RequestStateCodec` from `@mcpkit/server/request-state` signs with HMAC-SHA-256
 * and binds each state to its request, principal and expiry.
 */
export interface RequestStateSealer {
  /** Seals state into an opaque, signed `requestState` string for the request `binding`. */
  seal(answers: Record<string, JSONObject>, binding: RequestStateBinding): Promise<string>;
  /**
   * Checks and opens a `requestState` from the client, presented on the request `binding`: the
   * state sealed earlier, or an error when it was altered, expired or issued for another request
   * or principal.
   */
  open(state: string, binding: RequestStateBinding): Promise<Record<string, JSONObject>>;
}

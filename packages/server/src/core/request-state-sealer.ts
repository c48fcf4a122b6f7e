import type { JSONObject } from '@mcpkit/protocol/essentials';

/**
 * What a server needs to carry 2026-07-28 multi-round-trip answers in `requestState`: sealing
 * them into a string the client echoes back, and opening that string again (rejecting forgeries
 * with -32602). `RequestStateCodec` from `@mcpkit/server/request-state` signs with HMAC-SHA-256.
 */
export interface RequestStateSealer {
  /** Seals state into an opaque, signed `requestState` string for the client to send back. */
  seal(answers: Record<string, JSONObject>): Promise<string>;
  /**
   * Checks and opens a `requestState` from the client: the state sealed earlier, or an error when it
   * was altered or expired.
   */
  open(state: string): Promise<Record<string, JSONObject>>;
}

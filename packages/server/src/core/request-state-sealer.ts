import type { JSONObject } from '@mcpkit/protocol/essentials';

/**
 * What a server needs to carry 2026-07-28 multi-round-trip answers in `requestState`: sealing
 * them into a string the client echoes back, and opening that string again (rejecting forgeries
 * with -32602). `RequestStateCodec` from `@mcpkit/server/request-state` signs with HMAC-SHA-256.
 */
export interface RequestStateSealer {
  seal(answers: Record<string, JSONObject>): Promise<string>;
  open(state: string): Promise<Record<string, JSONObject>>;
}

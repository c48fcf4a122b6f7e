import type { JSONObject } from '@mcpkit/protocol/essentials';

// Questions to the client, shared by a request's context and a task's work channel (both let a
// handler ask): a module of its own so request-context.ts and tasks.ts need not import each other.

/** A question for the client: `elicitation/create`, `sampling/createMessage` or `roots/list`. */
export interface InputRequest {
  method: 'elicitation/create' | 'sampling/createMessage' | 'roots/list';
  params?: JSONObject;
}

/**
 * Options of a request the server sends to the client while handling a call (sampling, elicitation,
 * roots): its timeout and its key.
 */
export interface InputRequestOptions {
  /** How long to wait for the answer (stateful sessions; default: the peer's request timeout). */
  timeoutMs?: number;
  /**
   * Names the question in a 2026-07-28 `input_required` result (`inputRequests[key]`); the client
   * answers under the same key. Default: `elicitation`, `sampling`, `roots` (then `_2`, `_3`, ...).
   */
  key?: string;
}

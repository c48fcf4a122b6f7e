import type { JSONObject } from '@mcpkit/protocol';

/**
 * `params` with the caller's `RequestOptions._meta` merged over `params._meta` (a new object; the
 * caller's params are not changed). The SDK's own keys are added later, below this: the 2026-07-28
 * envelope and `progressToken` overwrite same-named keys, as the protocol requires.
 */
export function withCallerMeta(params: JSONObject | undefined, meta: JSONObject): JSONObject {
  return { ...params, _meta: { ...(params?._meta as JSONObject | undefined), ...meta } };
}

// `@mcpkit/server/request-state`: the HMAC-signed requestState codec, an entry of its own so only
// servers that use 2026-07-28 multi-round-trip state bundle it.
export type { RequestStateOptions } from './core/request-state.js';
export { RequestStateCodec } from './core/request-state.js';
export type { RequestStateBinding, RequestStateSealer } from './core/request-state-sealer.js';

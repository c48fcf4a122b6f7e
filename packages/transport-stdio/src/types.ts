import type { Transport } from '@mcpkit/jsonrpc';

/** A JSON-RPC message as the Transport interface carries it. */
export type JSONRPCMessage = Parameters<Transport['send']>[0];

// Every export of this file is public API of @mcpkit/jsonrpc.

export type { AuthInfo, MessageExtra, Transport, TransportSendOptions } from './transport.js';

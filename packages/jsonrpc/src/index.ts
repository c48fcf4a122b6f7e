// Every export of this file is public API of @mcpkit/jsonrpc.

export type {
  NotificationHandler,
  NotificationOptions,
  Peer,
  PeerOptions,
  Progress,
  RequestContext,
  RequestHandler,
  RequestOptions,
} from './peer-types.js';
export type { AuthInfo, MessageExtra, Transport, TransportSendOptions } from './transport.js';

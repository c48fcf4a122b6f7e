import type { AuthInfo, MessageExtra } from '@mcpkit/jsonrpc';
import type { HttpExchange } from './exchange.js';

/**
 * The MessageExtra of messages in one HTTP request. `requestHeaders` is a getter: the node
 * adapter builds a Web `Headers` only for code that reads it.
 */
export function messageExtra(
  request: HttpExchange,
  auth: AuthInfo | undefined,
  sessionId: string | undefined,
  protocolVersion: string | undefined,
): MessageExtra {
  const extra: MessageExtra = {
    get requestHeaders() {
      return request.webHeaders();
    },
  };
  if (auth) extra.authInfo = auth;
  if (sessionId !== undefined) extra.sessionId = sessionId;
  if (protocolVersion !== undefined) extra.protocolVersion = protocolVersion;
  return extra;
}

/** A copy of `extra` with more fields, keeping its `requestHeaders` getter a getter. */
export function extendExtra<T extends object>(extra: MessageExtra, fields: T): MessageExtra & T {
  return Object.defineProperties({ ...fields }, Object.getOwnPropertyDescriptors(extra)) as MessageExtra & T;
}

import type { AuthInfo, MessageExtra } from '@mcpkit/jsonrpc';
import type { HttpExchange } from './exchange.js';
import type { HttpMessageExtra } from './session-environment.js';

/**
 * Where an extra keeps its request: a symbol, so `Object.keys` and JSON never show it (a plain
 * property of the literal, as a non-enumerable one would cost each request a second defineProperty).
 */
const REQUEST = Symbol('mcpkit.request');

/**
 * `requestHeaders` of every extra: one getter that reads the request from the extra. A getter
 * written in an object literal would be a new function per request, and V8 keeps what such an
 * accessor closes over (the whole request: socket objects, headers, body) alive through every
 * young-generation GC until the next full one; each request's garbage would be promoted, growing
 * the heap the process keeps.
 */
const REQUEST_HEADERS: PropertyDescriptor = {
  get(this: { [REQUEST]: HttpExchange }) {
    return this[REQUEST].webHeaders();
  },
  enumerable: true,
  configurable: true,
};

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
  const held: { [REQUEST]: HttpExchange } = { [REQUEST]: request };
  const extra = Object.defineProperty(held, 'requestHeaders', REQUEST_HEADERS) as MessageExtra;
  if (auth) extra.authInfo = auth;
  if (sessionId !== undefined) extra.sessionId = sessionId;
  if (protocolVersion !== undefined) extra.protocolVersion = protocolVersion;
  return extra;
}

/** A copy of `extra` with more fields, keeping its `requestHeaders` getter a getter. */
export function extendExtra<T extends object>(extra: MessageExtra, fields: T): MessageExtra & T {
  return Object.defineProperties({ ...fields }, Object.getOwnPropertyDescriptors(extra)) as MessageExtra & T;
}

/** The extra of one request of a POST: the POST's own when it carries only that request. */
export function requestExtra(
  extra: MessageExtra,
  closeSseStream: (retryMs?: number) => void,
  own: boolean,
): HttpMessageExtra {
  if (!own) return extendExtra(extra, { closeSseStream });
  (extra as HttpMessageExtra).closeSseStream = closeSseStream;
  return extra;
}

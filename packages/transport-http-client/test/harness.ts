// Test-only: builds a transport that records what it delivers, over each way of sending requests.
import type { MessageExtra } from '@mcpkit/jsonrpc';
import type { JSONRPCMessage } from '@mcpkit/protocol';
import nodeFetch from 'node-fetch';
import type { FetchLike } from '../src/fetch.js';
import { StreamableHttpClientTransport } from '../src/streamable-http.js';
import type { StreamableHttpClientTransportOptions } from '../src/streamable-http-options.js';

/**
 * The ways a transport sends its requests: no `fetch` option means the Node path over undici (the
 * default on Node); passing the global fetch or node-fetch makes it use that fetch.
 */
export const fetchImplementations: Array<[string, FetchLike | undefined]> = [
  ['Node path', undefined],
  ['global fetch', globalThis.fetch as unknown as FetchLike],
  ['node-fetch', nodeFetch as unknown as FetchLike],
];

export interface Recorded {
  transport: StreamableHttpClientTransport;
  messages: JSONRPCMessage[];
  errors: Error[];
  /** The `extra` each message came with (undefined for most). */
  extras: Array<MessageExtra | undefined>;
  closed: () => number;
  /** What each `onclose` call was given. */
  closeReasons: Array<Error | undefined>;
}

export async function recordedTransport(
  url: string,
  fetch: FetchLike | undefined,
  options: StreamableHttpClientTransportOptions = {},
): Promise<Recorded> {
  const transport = new StreamableHttpClientTransport(url, { ...(fetch ? { fetch } : {}), ...options });
  const messages: JSONRPCMessage[] = [];
  const errors: Error[] = [];
  const closeReasons: Array<Error | undefined> = [];
  const extras: Array<MessageExtra | undefined> = [];
  transport.onmessage = (message, extra) => {
    messages.push(message);
    extras.push(extra);
  };
  transport.onerror = (error) => errors.push(error);
  transport.onclose = (reason) => closeReasons.push(reason);
  await transport.start();
  return { transport, messages, errors, extras, closed: () => closeReasons.length, closeReasons };
}

// Test-only: builds a transport that records what it delivers, over either fetch implementation.
import type { JSONRPCMessage } from '@mcpkit/protocol';
import nodeFetch from 'node-fetch';
import type { FetchLike } from '../src/fetch.js';
import { StreamableHttpClientTransport } from '../src/streamable-http.js';
import type { StreamableHttpClientTransportOptions } from '../src/streamable-http-options.js';

export const fetchImplementations: Array<[string, FetchLike | undefined]> = [
  ['global fetch', undefined],
  ['node-fetch', nodeFetch as unknown as FetchLike],
];

export interface Recorded {
  transport: StreamableHttpClientTransport;
  messages: JSONRPCMessage[];
  errors: Error[];
  closed: () => number;
}

export async function recordedTransport(
  url: string,
  fetch: FetchLike | undefined,
  options: StreamableHttpClientTransportOptions = {},
): Promise<Recorded> {
  const transport = new StreamableHttpClientTransport(url, { ...(fetch ? { fetch } : {}), ...options });
  const messages: JSONRPCMessage[] = [];
  const errors: Error[] = [];
  let closes = 0;
  transport.onmessage = (message) => messages.push(message);
  transport.onerror = (error) => errors.push(error);
  transport.onclose = () => closes++;
  await transport.start();
  return { transport, messages, errors, closed: () => closes };
}

import { type AuthInfo, JsonRpcPeer, type MessageExtra, type Transport } from '@mcpkit/jsonrpc';
import { createInMemoryTransportPair } from '@mcpkit/jsonrpc/testing';
import type { JSONObject, JSONRPCMessage } from '@mcpkit/protocol';
import type { McpServer } from '../server.js';
import type { ServerSession } from '../session/session.js';

// Drives a server the way a client would, with a raw JsonRpcPeer over an in-memory pair.

/** Adds transport facts (e.g. auth) to every message the wrapped transport delivers. */
class ExtraAddingTransport implements Transport {
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtra) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  constructor(
    readonly inner: Transport,
    readonly extra: MessageExtra,
  ) {
    inner.onmessage = (message, extra) => this.onmessage?.(message, { ...extra, ...this.extra });
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
  }
  start() {
    return this.inner.start();
  }
  send(message: JSONRPCMessage) {
    return this.inner.send(message);
  }
  close() {
    return this.inner.close();
  }
}

export interface Harness {
  client: JsonRpcPeer;
  session: ServerSession;
  /** Notifications the client received, in order. */
  notifications: { method: string; params?: JSONObject }[];
  request(method: string, params?: JSONObject): Promise<JSONObject>;
  /** Waits until a notification of `method` arrives (or fails after `ms`). */
  waitFor(method: string, ms?: number): Promise<JSONObject | undefined>;
}

export interface HarnessOptions {
  protocolVersion?: string;
  capabilities?: JSONObject;
  clientInfo?: JSONObject;
  /** Skip initialize (to test the handshake itself). */
  initialize?: boolean;
  authInfo?: AuthInfo;
  /** Client-side handlers for server-to-client requests. */
  handlers?: Record<string, (params: JSONObject | undefined) => JSONObject | Promise<JSONObject>>;
}

const NOTIFICATION_METHODS = [
  'notifications/message',
  'notifications/progress',
  'notifications/tools/list_changed',
  'notifications/resources/list_changed',
  'notifications/resources/updated',
  'notifications/prompts/list_changed',
  'notifications/elicitation/complete',
  'notifications/tasks/status',
  'notifications/subscriptions/acknowledged',
  'notifications/tasks',
];

export async function connect(server: McpServer<any>, options: HarnessOptions = {}): Promise<Harness> {
  const [clientTransport, serverTransport] = createInMemoryTransportPair();
  const transport = options.authInfo
    ? new ExtraAddingTransport(serverTransport, { authInfo: options.authInfo })
    : serverTransport;
  const session = await server.connect(transport);
  const client = new JsonRpcPeer();
  const notifications: Harness['notifications'] = [];
  const waiters: { method: string; resolve: (params: JSONObject | undefined) => void }[] = [];
  for (const method of NOTIFICATION_METHODS) {
    client.setNotificationHandler(method, (params) => {
      notifications.push(params === undefined ? { method } : { method, params });
      for (const waiter of waiters.filter((w) => w.method === method)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(params);
      }
    });
  }
  for (const [method, handler] of Object.entries(options.handlers ?? {})) {
    client.setRequestHandler(method, (params) => handler(params));
  }
  await client.connect(clientTransport);
  const harness: Harness = {
    client,
    session,
    notifications,
    request: (method, params) => client.request(method, params),
    waitFor(method, ms = 1000) {
      const seen = notifications.find((n) => n.method === method);
      if (seen) return Promise.resolve(seen.params);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${method} within ${ms} ms`)), ms);
        waiters.push({
          method,
          resolve: (params) => {
            clearTimeout(timer);
            resolve(params);
          },
        });
      });
    },
  };
  if (options.initialize !== false) {
    await client.request('initialize', {
      protocolVersion: options.protocolVersion ?? '2025-11-25',
      capabilities: options.capabilities ?? {},
      clientInfo: options.clientInfo ?? { name: 'test-client', version: '1.0.0' },
    });
    await client.notify('notifications/initialized');
  }
  return harness;
}

/** Lets queued microtasks and in-memory deliveries run. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 5));
}

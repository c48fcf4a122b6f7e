// Two handlers sharing one set of in-memory stores, as two processes share Redis, each wired to a
// small stateful server (log level, resource subscriptions) on JsonRpcPeer.
import { type AuthInfo, JsonRpcPeer } from '@mcpkit/jsonrpc';
import { createStreamableHttpHandler, type StreamableHttpHandler } from '../handler.js';
import type { StreamableHttpHandlerOptions } from '../options.js';
import { InMemoryEventStore } from '../stores/memory-event-store.js';
import { InMemoryMessageBus } from '../stores/memory-message-bus.js';
import { InMemorySessionStore } from '../stores/memory-session-store.js';

const LEVELS = ['debug', 'info', 'notice', 'warning', 'error'];

export interface Instance {
  handler: StreamableHttpHandler;
  /** Each server this instance's onSession built, with what it saw. */
  servers: Array<{ peer: JsonRpcPeer; initializes: number; subscribed: Set<string> }>;
  errors: Error[];
}

export interface SharedStores {
  sessionStore: InMemorySessionStore;
  eventStore: InMemoryEventStore;
  messageBus: InMemoryMessageBus;
}

export function sharedStores(): SharedStores {
  return {
    sessionStore: new InMemorySessionStore(),
    eventStore: new InMemoryEventStore(),
    messageBus: new InMemoryMessageBus(),
  };
}

export function instance(
  name: string,
  stores: SharedStores,
  options: Partial<StreamableHttpHandlerOptions> = {},
): Instance {
  const made: Instance = { handler: undefined as unknown as StreamableHttpHandler, servers: [], errors: [] };
  made.handler = createStreamableHttpHandler({
    ...stores,
    instanceId: name,
    onerror: (error) => made.errors.push(error),
    onSession: async (transport) => {
      const peer = new JsonRpcPeer();
      const state = { peer, initializes: 0, subscribed: new Set<string>(), level: 'debug' };
      made.servers.push(state);
      peer.setRequestHandler('initialize', (params) => {
        state.initializes++;
        return {
          protocolVersion: params?.protocolVersion ?? '2025-11-25',
          capabilities: { logging: {}, resources: { subscribe: true } },
          serverInfo: { name, version: '1' },
        };
      });
      peer.setNotificationHandler('notifications/initialized', () => undefined);
      peer.setRequestHandler('logging/setLevel', (params) => {
        state.level = String(params?.level);
        return {};
      });
      peer.setRequestHandler('resources/subscribe', (params) => {
        state.subscribed.add(String(params?.uri));
        return {};
      });
      peer.setRequestHandler('resources/unsubscribe', (params) => {
        state.subscribed.delete(String(params?.uri));
        return {};
      });
      peer.setRequestHandler('tools/call', async (params, ctx) => {
        const tool = String(params?.name);
        if (tool === 'log') {
          for (const level of ['debug', 'error']) {
            if (LEVELS.indexOf(level) >= LEVELS.indexOf(state.level)) {
              await ctx.sendNotification('notifications/message', { level, data: `${level} from ${name}` });
            }
          }
        } else if (tool === 'raise') {
          // Unrelated to this call: it travels to the session's GET stream, wherever that is held.
          for (const uri of state.subscribed) await peer.notify('notifications/resources/updated', { uri });
        } else if (tool === 'ask') {
          const answer = await ctx.sendRequest('elicitation/create', {
            message: 'name?',
            requestedSchema: { type: 'object', properties: {} },
          });
          return { content: [{ type: 'text', text: `${name} got ${JSON.stringify(answer)}` }] };
        }
        return { content: [{ type: 'text', text: `${tool} on ${name}` }] };
      });
      await peer.connect(transport);
    },
    ...options,
  });
  return made;
}

/** An `authenticate` that takes the principal from an `x-client` header. */
export function headerAuth(request: { header(name: string): string | undefined }): AuthInfo | undefined {
  const clientId = request.header('x-client');
  return clientId === undefined ? undefined : { token: clientId, clientId, scopes: [] };
}

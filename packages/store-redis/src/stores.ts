import type { Redis } from 'ioredis';
import { connectRedis, createRedisClient, type RedisClientOptions } from './client.js';
import { RedisEventStore, type RedisEventStoreOptions } from './event-store.js';
import { RedisMessageBus } from './message-bus.js';
import { RedisSessionStore, type RedisSessionStoreOptions } from './session-store.js';
import { RedisTaskBackend, type RedisTaskBackendOptions } from './task-backend.js';

/** Everything `createRedisStores` needs: where Redis is, its bounds, and the stores' options. */
export interface RedisStoresOptions extends Omit<RedisClientOptions, 'onerror'> {
  /** Prepended to every key and channel (default `mcpkit:`). */
  keyPrefix?: string;
  sessions?: Omit<RedisSessionStoreOptions, 'keyPrefix'>;
  events?: Omit<RedisEventStoreOptions, 'keyPrefix'>;
  /** The task backend's process name and liveness bound. */
  tasks?: Omit<RedisTaskBackendOptions, 'keyPrefix' | 'onerror'>;
  /** How long `createRedisStores` waits for Redis to answer (default 10 s). */
  connectTimeoutMs?: number;
  /** Told about connection errors and bus failures that have no caller to reject. */
  onerror: (error: Error) => void;
}

/**
 * The three stores for `createStreamableHttpHandler`, the task backend for `sharedTasks` and
 * `sharedTasksExtension` of `@mcpkit/server/tasks`, and the two connections behind them.
 */
export interface RedisStores {
  sessionStore: RedisSessionStore;
  eventStore: RedisEventStore;
  messageBus: RedisMessageBus;
  taskBackend: RedisTaskBackend;
  /** The command connection (the bus subscribes on a second one). */
  redis: Redis;
  /** Closes both connections; the stores reject afterwards. */
  close(): Promise<void>;
}

/** Connects to Redis (two connections: commands and pub/sub) and builds the stores on them. */
export async function createRedisStores(options: RedisStoresOptions): Promise<RedisStores> {
  const redis = createRedisClient(options);
  const subscriber = redis.duplicate();
  subscriber.on('error', (error: Error) => options.onerror(error));
  let taskBackend: RedisTaskBackend | undefined;
  const close = async () => {
    taskBackend?.close();
    await Promise.all([redis, subscriber].map(quit));
  };
  try {
    await Promise.all([
      connectRedis(redis, options.connectTimeoutMs),
      connectRedis(subscriber, options.connectTimeoutMs),
    ]);
  } catch (error) {
    await close();
    throw error;
  }
  const keyPrefix = options.keyPrefix ?? 'mcpkit:';
  taskBackend = new RedisTaskBackend(redis, subscriber, {
    ...options.tasks,
    keyPrefix,
    onerror: options.onerror,
  });
  return {
    taskBackend,
    sessionStore: new RedisSessionStore(redis, { ...options.sessions, keyPrefix }),
    eventStore: new RedisEventStore(redis, { ...options.events, keyPrefix }),
    messageBus: new RedisMessageBus(redis, subscriber, { keyPrefix, onerror: options.onerror }),
    redis,
    close,
  };
}

/** QUIT lets Redis finish what is in flight; a connection that is down is just dropped. */
async function quit(client: Redis): Promise<void> {
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  try {
    await client.quit();
  } catch {
    // Redis went away during QUIT: the connection is closed either way.
    client.disconnect();
  }
}

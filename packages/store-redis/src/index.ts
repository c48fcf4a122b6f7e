// Every export of this file is public API of @mcpkit/store-redis (Node only).
export {
  connectRedis,
  createRedisClient,
  DEFAULT_COMMAND_TIMEOUT_MS,
  DEFAULT_MAX_RECONNECT_DELAY_MS,
  type RedisClientOptions,
} from './client.js';
export {
  DEFAULT_EVENT_TTL_MS,
  DEFAULT_MAX_EVENTS_PER_STREAM,
  DEFAULT_MAX_STREAMS_PER_SESSION,
  RedisEventStore,
  type RedisEventStoreOptions,
} from './event-store.js';
export { RedisMessageBus, type RedisMessageBusOptions } from './message-bus.js';
export { RedisRateLimitStore, type RedisRateLimitStoreOptions } from './rate-limit-store.js';
export { DEFAULT_SESSION_TTL_MS, RedisSessionStore, type RedisSessionStoreOptions } from './session-store.js';
export { createRedisStores, type RedisStores, type RedisStoresOptions } from './stores.js';
export {
  DEFAULT_TASK_LIVENESS_TTL_MS,
  RedisTaskBackend,
  type RedisTaskBackendOptions,
  type RedisTaskMessage,
  type RedisTaskRecord,
} from './task-backend.js';

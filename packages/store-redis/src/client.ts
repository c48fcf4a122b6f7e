import { Redis, type RedisOptions } from 'ioredis';

/** How the stores talk to Redis; each bound keeps a command from hanging while Redis is away. */
export interface RedisClientOptions {
  /** `redis://host:port/db` or ioredis options; default `redis://127.0.0.1:6379`. */
  target?: string | RedisOptions;
  /** A command without an answer after this long rejects (default 2 000 ms). */
  commandTimeoutMs?: number;
  /** Longest pause between reconnection attempts while Redis is down (default 2 000 ms). */
  maxReconnectDelayMs?: number;
  /** Told about connection errors; commands issued meanwhile reject on their own. */
  onerror?: (error: Error) => void;
}

/** Default `commandTimeoutMs`: how long a command may go unanswered before it rejects. */
export const DEFAULT_COMMAND_TIMEOUT_MS = 2_000;
/** Default `maxReconnectDelayMs`: the longest pause between reconnection attempts. */
export const DEFAULT_MAX_RECONNECT_DELAY_MS = 2_000;

/**
 * An ioredis client that fails fast instead of queueing: no offline queue (a command while Redis is
 * down rejects at once), a command timeout, no per-command retries, and endless reconnection with a
 * capped back-off, so the stores recover on their own when Redis is back.
 */
export function createRedisClient(options: RedisClientOptions = {}): Redis {
  const target = options.target ?? 'redis://127.0.0.1:6379';
  const maxDelay = options.maxReconnectDelayMs ?? DEFAULT_MAX_RECONNECT_DELAY_MS;
  const bounded: RedisOptions = {
    enableOfflineQueue: false,
    commandTimeout: options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempts) => Math.min(attempts * 100, maxDelay),
  };
  const client =
    typeof target === 'string'
      ? new Redis(target, { ...bounded, lazyConnect: true })
      : new Redis({ ...target, ...bounded, lazyConnect: true });
  // Without a listener ioredis prints connection errors itself; they belong to the caller.
  client.on('error', (error: Error) => options.onerror?.(error));
  return client;
}

/** Connects `client` (if it is not connecting already) and waits until Redis answers, at most `timeoutMs`. */
export async function connectRedis(client: Redis, timeoutMs = 10_000): Promise<void> {
  if (client.status === 'ready') return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onReady: (() => void) | undefined;
  const ready = new Promise<void>((resolve) => {
    onReady = resolve;
    client.once('ready', resolve);
  });
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`Redis connect failed: not ready within ${timeoutMs} ms (status ${client.status})`));
    }, timeoutMs);
  });
  // A first refused attempt rejects connect(), but the client keeps retrying: readiness or the
  // timeout decide, and the attempt's error reaches the client's 'error' listener.
  if (client.status === 'wait') client.connect().catch(() => undefined);
  try {
    await Promise.race([ready, timeout]);
  } finally {
    clearTimeout(timer);
    if (onReady) client.off('ready', onReady);
  }
}

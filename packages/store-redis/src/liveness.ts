import type { Redis } from 'ioredis';
import { attempt } from './errors.js';

// One liveness key per process, `<prefix>instance:<id>`, whoever keeps it: the HTTP handler's
// heartbeat (through RedisEventStore.markAlive, while the handler serves on shared stores) and the
// task backend's (while tasks run there). Given the same instanceId, both refresh the same key, so
// "is that process alive?" has one answer for resumed streams and orphaned tasks alike.

function livenessKey(prefix: string, instanceId: string): string {
  return `${prefix}instance:${instanceId}`;
}

/** Marks `instanceId` alive for `ttlMs`. */
export function markAlive(redis: Redis, prefix: string, instanceId: string, ttlMs: number): Promise<void> {
  return attempt(`liveness refresh of instance ${instanceId}`, async () => {
    await redis.set(livenessKey(prefix, instanceId), String(Date.now()), 'PX', ttlMs);
  });
}

/** Whether `instanceId` refreshed its liveness within its last TTL. */
export function isAlive(redis: Redis, prefix: string, instanceId: string): Promise<boolean> {
  return attempt(`liveness check of instance ${instanceId}`, async () => {
    return (await redis.exists(livenessKey(prefix, instanceId))) === 1;
  });
}

import type { Redis } from 'ioredis';
import { attempt, redisFailure } from './errors.js';
import { isAlive, markAlive } from './liveness.js';

// The shapes of `TaskBackend` from `@mcpkit/server/tasks`, declared here so this package needs no
// runtime (or type) dependency on the server; `task-backend.test.ts` checks they still match.

/** A task's shared record, as `@mcpkit/server/tasks` writes it (`SharedTaskRecord`). */
export interface RedisTaskRecord {
  taskId: string;
  status: 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
  statusMessage?: string;
  createdAt: number;
  lastUpdatedAt: number;
  ttl: number;
  pollInterval: number;
  instance: string;
  result?: Record<string, unknown>;
  error?: Record<string, unknown>;
  inputRequests?: Record<string, unknown>;
}

/** What one process asks of the process running a task (`TaskRunnerMessage`). */
export type RedisTaskMessage =
  | { type: 'cancel'; scope: string; taskId: string }
  | { type: 'input'; scope: string; taskId: string; inputResponses: Record<string, Record<string, unknown>> };

/** Key names, this process's name and its liveness bounds. */
export interface RedisTaskBackendOptions {
  /** Prepended to every key and channel (default `mcpkit:`). */
  keyPrefix?: string;
  /** This process's name in task records (default random); unique per process. */
  instanceId?: string;
  /**
   * While tasks run here, this process's liveness key is refreshed every third of this; a process
   * silent for this long (killed, hung, cut off) has its running tasks marked failed by the next
   * process that reads them (default 15 000 ms).
   */
  livenessTtlMs?: number;
  /** Told what has no caller: a refused subscription, a failed liveness refresh, a bad message. */
  onerror: (error: Error) => void;
}

/** Default `livenessTtlMs`. */
export const DEFAULT_TASK_LIVENESS_TTL_MS = 15_000;

// Creates a record unless the scope holds `max` live ones; index entries whose record expired are
// dropped on the way (so the index never outgrows the cap by more than the tasks expired since).
const CREATE = `
local members = redis.call('ZRANGE', KEYS[2], 0, -1)
local live = 0
for _, id in ipairs(members) do
  if redis.call('EXISTS', ARGV[5] .. id) == 1 then live = live + 1 else redis.call('ZREM', KEYS[2], id) end
end
if live >= tonumber(ARGV[3]) then return 0 end
local seq = redis.call('INCR', KEYS[3])
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('ZADD', KEYS[2], seq, ARGV[4])
local ttl = tonumber(ARGV[2])
for i = 2, 3 do
  if redis.call('PTTL', KEYS[i]) < ttl then redis.call('PEXPIRE', KEYS[i], ttl) end
end
return 1`;

// Replaces a record that is still running, keeping its expiry, and announces it.
const UPDATE = `
local current = redis.call('GET', KEYS[1])
if not current then return 0 end
local status = cjson.decode(current).status
if status == 'completed' or status == 'failed' or status == 'cancelled' then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'KEEPTTL')
redis.call('PUBLISH', ARGV[2], ARGV[1])
return 1`;

/**
 * Task records in Redis for `sharedTasks`/`sharedTasksExtension` of `@mcpkit/server/tasks`: one
 * JSON string per task (`<prefix>task:{<scope>}:<id>`, expiring with the task), a sorted set per
 * scope for listing (`<prefix>tasks:{<scope>}`, by creation order) and its counter, keys hash-tagged
 * by scope (a session or a principal). Changes are published on the record's key name as a channel;
 * messages to a process on `<prefix>tasks:instance:<id>`; a process running tasks keeps its
 * liveness key `<prefix>instance:<id>` alive (the key the HTTP handler's heartbeat keeps too).
 */
export class RedisTaskBackend {
  readonly instanceId: string;
  readonly #redis: Redis;
  readonly #subscriber: Redis;
  readonly #prefix: string;
  readonly #livenessTtlMs: number;
  readonly #onerror: (error: Error) => void;
  readonly #watchers = new Map<string, Set<(record: RedisTaskRecord) => void>>();
  readonly #messageListeners = new Set<(message: RedisTaskMessage) => void>();
  #holds = 0;
  #heartbeat: ReturnType<typeof setInterval> | undefined;

  /** `subscriber` may be the message bus's subscriber connection: each ignores the other's channels. */
  constructor(redis: Redis, subscriber: Redis, options: RedisTaskBackendOptions) {
    this.#redis = redis;
    this.#subscriber = subscriber;
    this.#prefix = options.keyPrefix ?? 'mcpkit:';
    this.instanceId = options.instanceId ?? crypto.randomUUID();
    this.#livenessTtlMs = options.livenessTtlMs ?? DEFAULT_TASK_LIVENESS_TTL_MS;
    this.#onerror = options.onerror;
    subscriber.on('message', (channel: string, text: string) => this.#receive(channel, text));
    subscriber.on('ready', () => {
      for (const channel of this.#watchers.keys()) this.#subscribe(channel);
      if (this.#messageListeners.size > 0) this.#subscribe(this.#inbox(this.instanceId));
    });
  }

  /** Stores a new record with its ttl, unless the scope already holds `maxTasks` live tasks (then false). */
  create(scope: string, record: RedisTaskRecord, maxTasks: number): Promise<boolean> {
    return attempt(`create of task ${record.taskId}`, async () => {
      const written = await this.#redis.eval(
        CREATE,
        3,
        this.#recordKey(scope, record.taskId),
        this.#indexKey(scope),
        `${this.#indexKey(scope)}:seq`,
        JSON.stringify(record),
        String(record.ttl),
        String(maxTasks),
        record.taskId,
        this.#recordKey(scope, ''),
      );
      return written === 1;
    });
  }

  /** The record of a task of `scope`, or undefined when it is unknown or expired. */
  get(scope: string, taskId: string): Promise<RedisTaskRecord | undefined> {
    return attempt(`get of task ${taskId}`, async () => {
      const json = await this.#redis.get(this.#recordKey(scope, taskId));
      return json === null ? undefined : (JSON.parse(json) as RedisTaskRecord);
    });
  }

  /** Replaces a record, keeping its expiry, unless the stored one is already terminal or gone (then false). */
  update(scope: string, record: RedisTaskRecord): Promise<boolean> {
    return attempt(`update of task ${record.taskId} to ${record.status}`, async () => {
      const key = this.#recordKey(scope, record.taskId);
      return (await this.#redis.eval(UPDATE, 1, key, JSON.stringify(record), key)) === 1;
    });
  }

  /** One page of the scope's records, oldest first. */
  list(
    scope: string,
    cursor: string | undefined,
    limit: number,
  ): Promise<{ records: RedisTaskRecord[]; nextCursor?: string } | undefined> {
    if (cursor !== undefined && !/^\d{1,15}$/.test(cursor)) return Promise.resolve(undefined);
    return attempt(`list of tasks in ${scope}`, async () => {
      const index = this.#indexKey(scope);
      const found = await this.#redis.zrangebyscore(
        index,
        cursor === undefined ? '-inf' : `(${cursor}`,
        '+inf',
        'WITHSCORES',
        'LIMIT',
        0,
        limit + 1,
      );
      const ids: string[] = [];
      const scores: string[] = [];
      for (let i = 0; i < found.length; i += 2) {
        ids.push(found[i] as string);
        scores.push(found[i + 1] as string);
      }
      const more = ids.length > limit;
      const pageIds = ids.slice(0, limit);
      if (pageIds.length === 0) return { records: [] };
      const texts = await this.#redis.mget(pageIds.map((id) => this.#recordKey(scope, id)));
      const records: RedisTaskRecord[] = [];
      const expired: string[] = [];
      texts.forEach((text, i) => {
        if (text === null) expired.push(pageIds[i] as string);
        else records.push(JSON.parse(text) as RedisTaskRecord);
      });
      if (expired.length > 0) await this.#redis.zrem(index, ...expired);
      return more ? { records, nextCursor: scores[limit - 1] as string } : { records };
    });
  }

  /** Calls `listener` with each new version of the record; returns the function that stops it. */
  watch(scope: string, taskId: string, listener: (record: RedisTaskRecord) => void): () => void {
    const channel = this.#recordKey(scope, taskId);
    let listeners = this.#watchers.get(channel);
    if (listeners === undefined) {
      listeners = new Set();
      this.#watchers.set(channel, listeners);
      this.#subscribe(channel);
    }
    listeners.add(listener);
    return () => {
      const current = this.#watchers.get(channel);
      if (current === undefined || !current.delete(listener) || current.size > 0) return;
      this.#watchers.delete(channel);
      this.#unsubscribe(channel);
    };
  }

  /** Delivers `message` to the process named `instance` (its `onMessage` listener). */
  async send(instance: string, message: RedisTaskMessage): Promise<void> {
    await attempt(`${message.type} of task ${message.taskId} sent to instance ${instance}`, () =>
      this.#redis.publish(this.#inbox(instance), JSON.stringify(message)),
    );
  }

  /** Listens for messages sent to this process; returns the function that stops it. */
  onMessage(listener: (message: RedisTaskMessage) => void): () => void {
    if (this.#messageListeners.size === 0) this.#subscribe(this.#inbox(this.instanceId));
    this.#messageListeners.add(listener);
    return () => {
      if (!this.#messageListeners.delete(listener) || this.#messageListeners.size > 0) return;
      this.#unsubscribe(this.#inbox(this.instanceId));
    };
  }

  /** Marks this process alive and keeps it so on an unref'd timer; resolves with the function that stops. */
  async keepAlive(): Promise<() => void> {
    this.#holds++;
    if (this.#holds === 1) {
      this.#heartbeat = setInterval(
        () => {
          this.#beat().catch((error: unknown) => this.#onerror(error as Error));
        },
        Math.max(Math.floor(this.#livenessTtlMs / 3), 100),
      );
      this.#heartbeat.unref?.();
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.#holds--;
      if (this.#holds === 0) clearInterval(this.#heartbeat);
    };
    try {
      await this.#beat();
    } catch (error) {
      release();
      throw error;
    }
    return release;
  }

  /** Whether the process named `instance` is alive (its liveness key has not lapsed). */
  isAlive(instance: string): Promise<boolean> {
    return isAlive(this.#redis, this.#prefix, instance);
  }

  /** Stops refreshing this process's liveness (its tasks are then failed by others once it lapses). */
  close(): void {
    clearInterval(this.#heartbeat);
    this.#holds = 0;
  }

  #beat(): Promise<void> {
    return markAlive(this.#redis, this.#prefix, this.instanceId, this.#livenessTtlMs);
  }

  #receive(channel: string, text: string): void {
    const watchers = this.#watchers.get(channel);
    const inbox = channel === this.#inbox(this.instanceId);
    if (watchers === undefined && !inbox) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      this.#onerror(redisFailure(`task message on ${channel} is not JSON`, error));
      return;
    }
    if (inbox) for (const listener of [...this.#messageListeners]) listener(parsed as RedisTaskMessage);
    if (watchers) for (const listener of [...watchers]) listener(parsed as RedisTaskRecord);
  }

  #subscribe(channel: string): void {
    this.#subscriber.subscribe(channel).catch((error: unknown) => {
      this.#onerror(redisFailure(`subscribe to ${channel} (retried on reconnect)`, error));
    });
  }

  #unsubscribe(channel: string): void {
    this.#subscriber.unsubscribe(channel).catch((error: unknown) => {
      this.#onerror(redisFailure(`unsubscribe from ${channel}`, error));
    });
  }

  #recordKey(scope: string, taskId: string): string {
    return `${this.#prefix}task:{${scope}}:${taskId}`;
  }

  #indexKey(scope: string): string {
    return `${this.#prefix}tasks:{${scope}}`;
  }

  #inbox(instance: string): string {
    return `${this.#prefix}tasks:instance:${instance}`;
  }
}

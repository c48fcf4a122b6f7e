import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type NginxNode, startNginx } from './nginx.js';
import { type ManagedProcess, startProcess, waitFor } from './processes.js';
import { type RedisNode, startRedis } from './redis.js';
import { type LogEntry, parseLogLine } from './request-log.js';

/** The compiled server entry (from src/ during tests and from dist/ alike). */
const SERVER_MAIN = fileURLToPath(new URL('../dist/server-main.js', import.meta.url));

/** One server process: its instance id, port and what it logged. */
export interface ServerNode {
  instanceId: string;
  port: number;
  process: ManagedProcess;
  /** Its log entries so far (see `request-log.ts`). */
  logs(): LogEntry[];
}

export interface Topology {
  dir: string;
  redis: RedisNode;
  servers: ServerNode[];
  nginx: NginxNode;
  /** The MCP endpoint, through nginx. */
  url: URL;
  /** Every server's log entries, in the order they arrived here (near enough the order of events). */
  logs(): LogEntry[];
  /** Stops nginx, the servers and Redis (each bounded: SIGKILL after a grace period); removes `dir`. */
  stop(): Promise<void>;
}

export interface TopologyOptions {
  /** Server processes behind nginx (default 3). */
  processes?: number;
  /** Servers log nothing per request (for the bench). */
  quiet?: boolean;
  /** Lines of the processes' stderr that are not log entries (failures), e.g. to print them. */
  onOutput?: (name: string, line: string) => void;
  /** Each request log entry as it comes (e.g. to show it). */
  onLog?: (entry: LogEntry) => void;
}

async function startServer(
  instanceId: string,
  redisUrl: string,
  options: TopologyOptions,
  everyEntry: LogEntry[],
): Promise<ServerNode> {
  const args = [
    SERVER_MAIN,
    '--instance',
    instanceId,
    '--redis',
    redisUrl,
    ...(options.quiet ? ['--quiet'] : []),
  ];
  const entries: LogEntry[] = [];
  let port: number | undefined;
  const child = startProcess(instanceId, process.execPath, args, {
    onLine(line) {
      const entry = parseLogLine(line);
      if (entry) {
        entries.push(entry);
        everyEntry.push(entry);
        options.onLog?.(entry);
      } else if (line.startsWith('LISTENING ')) port = Number(line.slice('LISTENING '.length));
      else options.onOutput?.(instanceId, line);
    },
  });
  try {
    // Generous: loading the server's modules takes seconds on a loaded 2-core machine.
    await waitFor(
      () => {
        if (!child.alive())
          throw new Error(`server ${instanceId} exited at start: ${child.lines.join('\n')}`);
        return port !== undefined;
      },
      `server ${instanceId} to listen`,
      60_000,
    );
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { instanceId, port: port!, process: child, logs: () => entries };
}

/** Starts Redis, `processes` servers sharing it, and nginx in front; all in a new temp dir. */
export async function startTopology(options: TopologyOptions = {}): Promise<Topology> {
  if (!existsSync(SERVER_MAIN)) {
    throw new Error(`${SERVER_MAIN} is missing: build the app first (pnpm -C apps/cluster run build)`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'mcpkit-cluster-'));
  const started: Array<{ stop(): Promise<void> }> = [];
  const stopAll = async () => {
    // Reverse order: nginx first (no new requests), then the servers, then Redis.
    for (const node of started.splice(0).reverse()) await node.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const redis = await startRedis(dir);
    started.push(redis);
    const count = options.processes ?? 3;
    const everyEntry: LogEntry[] = [];
    const results = await Promise.allSettled(
      Array.from({ length: count }, (_, i) => startServer(`s${i + 1}`, redis.url, options, everyEntry)),
    );
    const servers: ServerNode[] = [];
    for (const result of results) {
      if (result.status === 'fulfilled') {
        servers.push(result.value);
        started.push({ stop: () => result.value.process.stop() });
      }
    }
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const nginx = await startNginx(
      join(dir, 'nginx'),
      servers.map((server) => server.port),
    );
    started.push(nginx);
    return {
      dir,
      redis,
      servers,
      nginx,
      url: nginx.url,
      logs: () => everyEntry,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

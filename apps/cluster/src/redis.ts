import { existsSync } from 'node:fs';
import { Socket } from 'node:net';
import { freePort, type ManagedProcess, startProcess, waitFor } from './processes.js';

/** Where `.ci/run` installs Debian's redis-server. */
export const REDIS_SERVER = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';

/** A redis-server on 127.0.0.1 with no persistence; `stop` and `start` simulate an outage on the same port. */
export interface RedisNode {
  port: number;
  url: string;
  start(): Promise<void>;
  /** SIGTERM (Redis shuts down at once with nothing to save), SIGKILL after 5 s. */
  stop(): Promise<void>;
  alive(): boolean;
}

/** True when Redis on `port` answers PING. */
export function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(1000);
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
  });
}

/** Starts redis-server on a free port, working in `dir` (nothing is written there: no RDB, no AOF). */
export async function startRedis(dir: string): Promise<RedisNode> {
  if (!existsSync(REDIS_SERVER)) {
    throw new Error(
      `${REDIS_SERVER} is missing: install Debian's redis-server (apt-get install -y redis-server; .ci/run installs it when missing)`,
    );
  }
  const port = await freePort();
  let running: ManagedProcess | undefined;
  const start = async () => {
    const args = [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'no',
    ];
    const started = startProcess('redis-server', REDIS_SERVER, args, { guard: true });
    running = started;
    await waitFor(
      async () => {
        if (!started.alive()) {
          throw new Error(
            `redis-server exited before answering PING: ${started.lines.slice(-5).join(' | ')}`,
          );
        }
        return answersPing(port);
      },
      `redis-server on port ${port} to answer PING`,
      30_000,
    );
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    stop: async () => running?.stop(),
    alive: () => running?.alive() ?? false,
  };
}

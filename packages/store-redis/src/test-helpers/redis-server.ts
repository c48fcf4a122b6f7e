import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, Socket } from 'node:net';

/** A throwaway redis-server on 127.0.0.1, no persistence; `stop`/`start` simulate an outage. */
export interface RedisProcess {
  port: number;
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** SIGSTOP / SIGCONT: Redis keeps its connections open but answers nothing meanwhile. */
  freeze(): void;
  thaw(): void;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no TCP address from listen(0)');
  return address.port;
}

function answersPing(port: number): Promise<boolean> {
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

export async function startRedis(): Promise<RedisProcess> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const spawned = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    child = spawned;
    let failed: Error | undefined;
    spawned.once('error', (error) => {
      failed = error;
    });
    for (let waited = 0; waited < 10_000; waited += 50) {
      if (failed) throw new Error(`redis-server did not start (is it installed?): ${failed.message}`);
      if (await answersPing(port)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`redis-server on port ${port} did not answer PING within 10 s`);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  const signal = (name: NodeJS.Signals) => {
    if (!child?.pid) throw new Error('redis-server is not running');
    process.kill(child.pid, name);
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    freeze: () => signal('SIGSTOP'),
    thaw: () => signal('SIGCONT'),
  };
}

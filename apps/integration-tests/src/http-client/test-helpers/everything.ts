// Test-only: runs @modelcontextprotocol/server-everything as a child process on 127.0.0.1 only.
// The package listens on all interfaces with a fixed PORT; a preload module pins every listen()
// to 127.0.0.1 and reports the ephemeral port it got.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const LISTENING = 'MCPKIT_LISTENING';

const loopbackPreload = `
import net from 'node:net';
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  const port = args[0];
  if (typeof port === 'number' || (typeof port === 'string' && /^\\d+$/.test(port))) {
    const callback = args.find((arg) => typeof arg === 'function');
    this.once('listening', () => process.stderr.write('${LISTENING} ' + this.address().port + '\\n'));
    return callback ? listen.call(this, Number(port), '127.0.0.1', callback) : listen.call(this, Number(port), '127.0.0.1');
  }
  return listen.apply(this, args);
};
`;

export interface EverythingServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  stop(): Promise<void>;
}

function everythingEntry(): string {
  const require = createRequire(import.meta.url);
  return join(
    dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
    'dist',
    'index.js',
  );
}

/** Starts server-everything in `mode` ('streamableHttp' or 'sse') and waits until it listens. */
export async function startEverything(mode: 'streamableHttp' | 'sse'): Promise<EverythingServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(loopbackPreload)}`, everythingEntry(), mode],
    { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server-everything (${mode}) did not listen within 15 s:\n${output}`)),
      15_000,
    );
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      output += text;
      const match = new RegExp(`${LISTENING} (\\d+)`).exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server-everything (${mode}) exited with ${code} before listening:\n${output}`));
    });
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

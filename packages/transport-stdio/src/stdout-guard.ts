import type { Writable } from 'node:stream';
import type { RawWrite } from './frame-writer.js';

/** An installed guard: the transport writes through `rawWrite`; `restore` undoes the redirect. */
export interface StdoutGuard {
  rawWrite: RawWrite;
  restore(): void;
}

type WriteMethod = Writable['write'];

/**
 * Redirects every other writer of `stdout` (console.log, stray `process.stdout.write`) to
 * `redirectTo`, so that nothing but protocol frames reaches the peer. The transport keeps the
 * original `write`. Writes that bypass the stream object (e.g. `fs.writeSync(1, ...)`) are not
 * caught. If other code wrapped `write` after us, `restore` leaves its wrapper in place and our
 * layer becomes a pass-through.
 */
export function installStdoutGuard(stdout: Writable, redirectTo: Writable): StdoutGuard {
  const hadOwnWrite = Object.hasOwn(stdout, 'write');
  const original = stdout.write;
  let active = true;
  const redirect = function (this: unknown, ...args: Parameters<WriteMethod>): boolean {
    const target = active ? redirectTo : stdout;
    const write = active ? redirectTo.write : original;
    return (write as (...a: unknown[]) => boolean).apply(target, args);
  } as WriteMethod;
  stdout.write = redirect;
  return {
    rawWrite: (bytes, done) =>
      (original as (chunk: typeof bytes, callback: typeof done) => boolean).call(stdout, bytes, done),
    restore() {
      if (!active) return;
      active = false;
      if (stdout.write !== redirect) return;
      if (hadOwnWrite) stdout.write = original;
      else delete (stdout as { write?: WriteMethod }).write;
    },
  };
}

/** The plain writer used when no guard is installed. */
export function directWrite(stream: Writable): RawWrite {
  return (bytes, done) => stream.write(bytes, done);
}

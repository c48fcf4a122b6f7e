/** Cleanups run when the process is interrupted (Ctrl-C) or terminated. */
const cleanups = new Set<() => Promise<void>>();

/** Registers a cleanup for SIGINT/SIGTERM; returns its removal. */
export function onStop(cleanup: () => Promise<void>): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/**
 * On SIGINT or SIGTERM: runs the cleanups (each stops its processes with bounded waits) and exits;
 * a second signal exits at once. Children that are node processes also exit when their stdin
 * (held by this process) closes, so even a SIGKILL of this process leaves no server behind.
 */
export function stopOnSignals(): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) process.exit(130);
    stopping = true;
    process.stderr.write(`${signal}: stopping every process of the topology...\n`);
    await Promise.allSettled([...cleanups].map((cleanup) => cleanup()));
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));
}

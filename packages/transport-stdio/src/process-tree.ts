// Built-ins come from process.getBuiltinModule when used, not from static imports: bundlers keep
// every static import of a built-in (loading one might have effects), and this package ships as
// one file, so servers, which never spawn, carried these imports (stdio server probe, issue #7).

// Behind a pure call, so bundles of servers that never spawn drop this module (see default-environment.ts).
const isWindows = /* @__PURE__ */ platformIsWindows();

function platformIsWindows(): boolean {
  return process.platform === 'win32';
}

/** Whether children are started as leaders of their own process group (POSIX), so the group can be killed. */
export const usesProcessGroups = !isWindows;

/**
 * Sends `signal` to the process tree rooted at `pid`: on POSIX to its whole process group (the
 * child was spawned detached, so its pid is the group id); on Windows through `taskkill /T`.
 * Returns false when nothing was left to signal.
 */
export function signalProcessTree(
  pid: number,
  signal: NodeJS.Signals,
  onerror: (error: Error) => void,
): boolean {
  if (isWindows) {
    // Windows has no signals for console apps; taskkill /T ends the tree, /F forces it.
    const args = ['/pid', String(pid), '/T'];
    if (signal === 'SIGKILL') args.push('/F');
    process
      .getBuiltinModule('node:child_process')
      .spawn('taskkill', args, { stdio: 'ignore', windowsHide: true })
      .on('error', (error) =>
        onerror(
          new Error(`Could not run taskkill to stop process tree ${pid}: ${error.message}`, { cause: error }),
        ),
      );
    return true;
  }
  try {
    process.kill(-pid, signal);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

/** Whether any live (non-zombie) process is still in process group `pgid` (POSIX). */
export function isProcessGroupAlive(pgid: number): boolean {
  if (isWindows) return false;
  try {
    process.kill(-pgid, 0);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ESRCH') return false;
    if (code !== 'EPERM') throw error;
  }
  // kill(0) also succeeds for zombies that wait to be reaped; /proc tells them apart on Linux.
  if (process.platform !== 'linux') return true;
  return linuxGroupMembers(pgid).some((member) => member.state !== 'Z');
}

interface ProcStat {
  pid: number;
  state: string;
  pgid: number;
}

/** Reads `/proc/<pid>/stat`; undefined when the process is gone. */
export function readProcStat(pid: number): ProcStat | undefined {
  let text: string;
  try {
    text = process.getBuiltinModule('node:fs').readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // The command name (field 2) may contain spaces and parentheses: parse after its last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { pid, state: fields[0] ?? '?', pgid: Number(fields[2]) };
}

function linuxGroupMembers(pgid: number): ProcStat[] {
  const members: ProcStat[] = [];
  for (const entry of process.getBuiltinModule('node:fs').readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProcStat(Number(entry));
    if (stat?.pgid === pgid) members.push(stat);
  }
  return members;
}

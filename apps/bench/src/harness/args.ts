export interface CliOptions {
  mode: 'smoke' | 'full';
  rounds: number;
  /** Run only workloads whose name contains one of these strings (all when empty). */
  only: string[];
  out: string | undefined;
  size: boolean;
  /** Driver processes run at once. Timings are only meaningful at 1; smoke mode defaults to 2. */
  parallel: number;
  /** Run drivers and their servers on this one CPU (taskset, Linux); undefined: let the OS place them. */
  pin: number | undefined;
  /** Run drivers and servers under this Node major line (binaries from the registry); undefined: this Node. */
  node: number | undefined;
}

const USAGE = `usage: bench [--smoke] [--rounds N] [--only name,name] [--out file.json] [--no-size] [--parallel N] [--pin CPU] [--node MAJOR]`;

export function parseArgs(argv: string[]): CliOptions {
  const options: CliOptions = {
    mode: 'full',
    rounds: 3,
    only: [],
    out: undefined,
    size: true,
    parallel: 1,
    pin: undefined,
    node: undefined,
  };
  let roundsGiven = false;
  let parallelGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value. ${USAGE}`);
      return next;
    };
    if (arg === '--')
      continue; // `pnpm run bench -- --smoke` forwards the separator
    else if (arg === '--smoke') options.mode = 'smoke';
    else if (arg === '--rounds') {
      options.rounds = Number(value());
      roundsGiven = true;
      if (!Number.isInteger(options.rounds) || options.rounds < 1)
        throw new Error(`--rounds must be a positive integer`);
    } else if (arg === '--only') options.only = value().split(',').filter(Boolean);
    else if (arg === '--out') options.out = value();
    else if (arg === '--no-size') options.size = false;
    else if (arg === '--parallel') {
      options.parallel = Number(value());
      parallelGiven = true;
      if (!Number.isInteger(options.parallel) || options.parallel < 1)
        throw new Error(`--parallel must be a positive integer`);
    } else if (arg === '--pin') {
      options.pin = Number(value());
      if (!Number.isInteger(options.pin) || options.pin < 0)
        throw new Error(`--pin must be a CPU number (0, 1, ...)`);
    } else if (arg === '--node') {
      options.node = Number(value());
      if (!Number.isInteger(options.node) || options.node < 1)
        throw new Error(`--node must be a Node major version (24, 26, ...)`);
    } else throw new Error(`unknown argument "${arg}". ${USAGE}`);
  }
  if (options.mode === 'smoke' && !roundsGiven) options.rounds = 1;
  if (options.mode === 'smoke' && !parallelGiven) options.parallel = 2;
  return options;
}

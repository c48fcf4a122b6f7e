/** What the command line asked for. */
export type EchoCliOptions =
  | { mode: 'help' }
  | { mode: 'stdio'; quiet: boolean }
  | { mode: 'http'; port: number; host: string; quiet: boolean; maxSessionsPerAddress?: number };

export const USAGE = `Usage: mcpkit-echo [--stdio | --http [--port N] [--host H] [--max-sessions-per-address N]] [--quiet]

The smallest mcpkit server: an "echo" tool, "echo://{message}" resources and an "echo" prompt.

  --stdio        serve MCP over stdin/stdout, newline-delimited JSON (default)
  --http         serve MCP over Streamable HTTP at http://HOST:PORT/mcp
  --port N       HTTP port (default 3000; 0 picks a free port)
  --host H       HTTP host to listen on (default 127.0.0.1)
  --max-sessions-per-address N
                 sessions one client address may hold (default 256; load tests from one address need more)
  --quiet, -q    no banner on stderr
  --help, -h     show this help
`;

/** Parses argv (without node and the script); throws an Error naming the bad argument. */
export function parseEchoArgs(argv: readonly string[]): EchoCliOptions {
  let mode: 'stdio' | 'http' | undefined;
  let port: number | undefined;
  let host: string | undefined;
  let maxSessionsPerAddress: number | undefined;
  let quiet = false;
  const chooseMode = (next: 'stdio' | 'http') => {
    if (mode !== undefined && mode !== next) throw new Error(`--${mode} and --${next} cannot be combined`);
    mode = next;
  };
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    const [flag, inlineValue] = argument.startsWith('--') ? splitInline(argument) : [argument, undefined];
    const value = () => {
      const found = inlineValue ?? argv[++index];
      if (found === undefined || found.startsWith('-')) throw new Error(`${flag} needs a value`);
      return found;
    };
    switch (flag) {
      case '--help':
      case '-h':
        return { mode: 'help' };
      case '--stdio':
        chooseMode('stdio');
        break;
      case '--http':
        chooseMode('http');
        break;
      case '--port':
        port = parsePort(value());
        break;
      case '--host':
        host = value();
        break;
      case '--max-sessions-per-address':
        maxSessionsPerAddress = parseCount(flag, value());
        break;
      case '--quiet':
      case '-q':
        quiet = true;
        break;
      default:
        throw new Error(`Unknown argument ${JSON.stringify(argument)}`);
    }
  }
  if ((port !== undefined || host !== undefined) && mode !== 'http') {
    throw new Error('--port and --host apply to --http only');
  }
  if (maxSessionsPerAddress !== undefined && mode !== 'http') {
    throw new Error('--max-sessions-per-address applies to --http only');
  }
  if (mode === 'http') {
    const http = { mode, port: port ?? 3000, host: host ?? '127.0.0.1', quiet } as const;
    return maxSessionsPerAddress === undefined ? http : { ...http, maxSessionsPerAddress };
  }
  return { mode: 'stdio', quiet };
}

function splitInline(argument: string): [string, string | undefined] {
  const equals = argument.indexOf('=');
  return equals < 0 ? [argument, undefined] : [argument.slice(0, equals), argument.slice(equals + 1)];
}

function parseCount(flag: string, text: string): number {
  if (!/^[1-9]\d*$/.test(text))
    throw new Error(`${flag} expects a positive integer, got ${JSON.stringify(text)}`);
  return Number(text);
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) {
    throw new Error(`--port expects an integer from 0 to 65535, got ${JSON.stringify(text)}`);
  }
  return port;
}

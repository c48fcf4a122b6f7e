import { parseCommandLine } from './command-line.js';
import { callCommand } from './commands/call.js';
import type { ServerCommand } from './commands/command.js';
import { runConformance } from './commands/conformance.js';
import { inspectCommand } from './commands/inspect.js';
import { promptCommand } from './commands/prompt.js';
import { readCommand } from './commands/read.js';
import { connect } from './connect.js';
import { CliError, ExitCode } from './exit-codes.js';
import { createOutput, type OutputStreams } from './output.js';

const SERVER_COMMANDS: readonly ServerCommand[] = [inspectCommand, callCommand, readCommand, promptCommand];

/** The text of `mcpkit --help`. */
export const USAGE = `Usage:
  mcpkit <command> <url> [operands] [flags]              a Streamable HTTP server
  mcpkit <command> [operands] [flags] -- <cmd> [args…]   a server spawned over stdio

Commands:
${SERVER_COMMANDS.map((command) => `  ${[command.name, ...command.operands.map((o) => `<${o}>`)].join(' ').padEnd(18)} ${command.summary}`).join('\n')}
  conformance …      run the conformance app (in an mcpkit checkout); "mcpkit conformance --help"

Flags:
  --json                  print the result as JSON on stdout (for scripts)
  --arg, -a key=value     a tool or prompt argument (repeatable)
  --input '{…}'           tool arguments as a JSON object (--arg overrides its keys)
  --header, -H 'N: v'     an HTTP header (repeatable), e.g. -H 'Authorization: Bearer …'
  --oauth                 sign in with OAuth (prints a URL to open; redirect to 127.0.0.1)
  --timeout ms            timeout of each request (default 60000)
  --help, -h              this help

Exit status: 0 ok; 1 the server answered with an error (JSON-RPC error, unknown tool,
tool result with isError); 2 usage error; 3 connection failure (spawn, network, timeout, auth);
70 a bug in mcpkit.
`;

/**
 * Runs one `mcpkit` command line (without `node` and the script) and resolves with its exit status.
 * Results go to `streams.stdout`, messages to `streams.stderr`; nothing here exits the process.
 */
export async function runCli(argv: readonly string[], streams: OutputStreams, cwd: string): Promise<number> {
  const [name, ...rest] = argv;
  const plain = createOutput(streams, false);
  if (name === undefined) {
    plain.err(USAGE);
    return ExitCode.Usage;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    plain.out(USAGE);
    return ExitCode.Ok;
  }
  try {
    if (name === 'conformance') return await runConformance(rest, cwd);
    const command = SERVER_COMMANDS.find((candidate) => candidate.name === name);
    if (command === undefined) {
      throw new CliError(
        ExitCode.Usage,
        `unknown command "${name}"; expected one of: ${[...SERVER_COMMANDS.map((c) => c.name), 'conformance'].join(', ')}`,
      );
    }
    // Flags after "--" belong to the server's command line (`-- server --help`), not to mcpkit.
    const separator = rest.indexOf('--');
    const own = separator === -1 ? rest : rest.slice(0, separator);
    if (own.includes('--help') || own.includes('-h')) {
      plain.out(USAGE);
      return ExitCode.Ok;
    }
    const parsed = parseCommandLine(rest, command.options);
    command.check?.(parsed);
    const output = createOutput(streams, parsed.common.json);
    const connection = await connect(parsed.target, parsed.common, output);
    try {
      return await command.run(connection.client, parsed, output);
    } finally {
      await connection.close();
    }
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    plain.err(`mcpkit ${name}: ${error.message}`);
    if (error.exitCode === ExitCode.Usage) plain.err('Run "mcpkit --help" for usage.');
    return error.exitCode;
  }
}

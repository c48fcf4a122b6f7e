// Every export of this file is public API of @mcpkit/cli: the `mcpkit` command, callable in-process.
export { type CommonOptions, type ParsedCommandLine, parseCommandLine, type Target } from './command-line.js';
export { CliError, ExitCode } from './exit-codes.js';
export type { OutputStreams, TextStream } from './output.js';
export { runCli, USAGE } from './run.js';

import type { ParseArgsConfig } from 'node:util';
import type { McpClient } from '@mcpkit/client';
import type { ParsedCommandLine } from '../command-line.js';
import { type ExitCode, usageError } from '../exit-codes.js';
import type { Output } from '../output.js';

/** A command that talks to one server: `mcpkit <name> <server> [operands] [flags]`. */
export interface ServerCommand {
  /** The word after `mcpkit`. */
  name: string;
  /** The operands it takes, named for messages and help, e.g. `['tool']`. */
  operands: readonly string[];
  /** Its own flags, beside the common ones. */
  options: NonNullable<ParseArgsConfig['options']>;
  /** One line for `mcpkit --help`. */
  summary: string;
  /** Checks the command line before anything is spawned or fetched; throws a usage CliError. */
  check?(parsed: ParsedCommandLine): void;
  /** Runs against a connected client; resolves with the exit status. */
  run(client: McpClient, parsed: ParsedCommandLine, output: Output): Promise<ExitCode>;
}

/** Fails with a usage error unless exactly the command's operands were given. */
export function checkOperands(command: ServerCommand, parsed: ParsedCommandLine): void {
  const expected = command.operands;
  if (parsed.operands.length === expected.length) return;
  const shape = expected.map((name) => `<${name}>`).join(' ');
  const got = parsed.operands.length === 0 ? 'none' : parsed.operands.map((o) => JSON.stringify(o)).join(' ');
  throw usageError(`mcpkit ${command.name} takes ${shape || 'no operands'} after the server; got ${got}`);
}

/** The string values of a repeatable flag. */
export function repeated(parsed: ParsedCommandLine, flag: string): string[] {
  return (parsed.values[flag] as string[] | undefined) ?? [];
}

import { McpClientError } from '@mcpkit/client';
import { JsonRpcError } from '@mcpkit/jsonrpc';

/**
 * The exit status of every `mcpkit` command, so scripts can tell what went wrong without reading
 * the message.
 */
export const ExitCode = {
  /** The command did what it was asked. */
  Ok: 0,
  /** The server answered, but with an error: a JSON-RPC error, a tool result with `isError: true`, an unknown tool. */
  ServerError: 1,
  /** The command line is wrong: unknown flag, missing operand, a malformed `--arg`, `--header` or `--input`. */
  Usage: 2,
  /** The server could not be reached or the connection failed: spawn failure, refused connection, timeout, authorization. */
  Connection: 3,
} as const;

/** One of the values of `ExitCode`. */
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** A failure the CLI reports with one line on stderr and the exit status it carries. */
export class CliError extends Error {
  override readonly name = 'CliError';
  /** The exit status the command ends with. */
  readonly exitCode: ExitCode;

  constructor(exitCode: ExitCode, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.exitCode = exitCode;
  }
}

/** Shorthand for a usage error (exit status 2). */
export function usageError(message: string, options?: { cause?: unknown }): CliError {
  return new CliError(ExitCode.Usage, message, options);
}

/**
 * Turns a failure of a request made on a connected client into a CliError: an answer from the
 * server (a JSON-RPC error, or a result that breaks the schema) is status 1; anything local to the
 * connection (closed, timed out, a stream lost) is status 3. A JSON-RPC error with a `cause` was made
 * up by the transport for a request whose answer was lost, so it counts as a connection failure.
 */
export function requestFailure(what: string, error: unknown): CliError {
  if (error instanceof CliError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof JsonRpcError && error.cause === undefined) {
    return new CliError(
      ExitCode.ServerError,
      `${what}: the server answered with error ${error.code}: ${message}`,
      {
        cause: error,
      },
    );
  }
  if (
    error instanceof McpClientError &&
    (error.code === 'INVALID_RESULT' ||
      error.code === 'INVALID_TOOL_OUTPUT' ||
      error.code === 'CAPABILITY_NOT_SUPPORTED')
  ) {
    return new CliError(ExitCode.ServerError, `${what}: ${message}`, { cause: error });
  }
  return new CliError(ExitCode.Connection, `${what}: ${message}`, { cause: error });
}

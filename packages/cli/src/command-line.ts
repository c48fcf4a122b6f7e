import { type ParseArgsConfig, parseArgs } from 'node:util';
import { usageError } from './exit-codes.js';

/** Where the server is: a Streamable HTTP URL, or a command line to spawn and talk to over stdio. */
export type Target = { kind: 'http'; url: URL } | { kind: 'stdio'; command: string; args: string[] };

/** Flags every server command takes. */
export interface CommonOptions {
  /** Print machine-readable JSON on stdout instead of text. */
  json: boolean;
  /** Extra HTTP headers (HTTP targets only). */
  headers: Record<string, string>;
  /** Sign in with OAuth through a loopback redirect (HTTP targets only). */
  oauth: boolean;
  /** Timeout of each request, in milliseconds. */
  timeoutMs: number;
}

/** A command line read: the server, the command's operands and its own flag values. */
export interface ParsedCommandLine {
  /** The server. */
  target: Target;
  /** The words that are neither flags nor the server, in order (e.g. the tool name). */
  operands: string[];
  /** The flags every command takes. */
  common: CommonOptions;
  /** Every flag's value as `parseArgs` read it, the command's own included. */
  values: Record<string, string | boolean | string[] | undefined>;
}

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

const COMMON_OPTIONS = {
  json: { type: 'boolean' },
  header: { type: 'string', short: 'H', multiple: true },
  oauth: { type: 'boolean' },
  timeout: { type: 'string' },
} as const satisfies OptionsConfig;

/** The default request timeout: the client's own default, 60 seconds. */
export const DEFAULT_TIMEOUT_MS = 60_000;

/** RFC 9110 token characters, the only ones a header name may use. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Reads `[flags] <url> [operands]` or `[flags] [operands] -- <command> [args…]`. Everything after
 * the first `--` is the stdio server's command line, passed through untouched.
 */
export function parseCommandLine(
  argv: readonly string[],
  commandOptions: OptionsConfig = {},
): ParsedCommandLine {
  const separator = argv.indexOf('--');
  const own = separator === -1 ? [...argv] : argv.slice(0, separator);
  const serverCommand = separator === -1 ? [] : argv.slice(separator + 1);
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: own,
      options: { ...COMMON_OPTIONS, ...commandOptions },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw usageError((error as Error).message, { cause: error });
  }
  const values = parsed.values as ParsedCommandLine['values'];
  const positionals = [...parsed.positionals];
  let target: Target;
  if (separator !== -1) {
    const [command, ...args] = serverCommand;
    if (command === undefined || command === '')
      throw usageError('"--" must be followed by the server\'s command, e.g. -- node server.js');
    target = { kind: 'stdio', command, args };
  } else {
    const first = positionals.shift();
    if (first === undefined)
      throw usageError(
        'no server given: pass an http(s) URL, or "-- <command> [args…]" to spawn one over stdio',
      );
    target = { kind: 'http', url: parseServerUrl(first) };
  }
  const common: CommonOptions = {
    json: values.json === true,
    headers: parseHeaders((values.header as string[] | undefined) ?? []),
    oauth: values.oauth === true,
    timeoutMs: parseTimeout(values.timeout as string | undefined),
  };
  if (target.kind === 'stdio' && (Object.keys(common.headers).length > 0 || common.oauth)) {
    throw usageError('--header and --oauth apply to HTTP servers only; this server is spawned over stdio');
  }
  return { target, operands: positionals, common, values };
}

function parseServerUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch (error) {
    throw usageError(
      `"${text}" is not a server: expected an http(s) URL, or "-- <command> [args…]" to spawn one over stdio`,
      { cause: error },
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw usageError(
      `"${text}" has protocol ${url.protocol}; expected http: or https: (stdio servers go after "--")`,
    );
  }
  return url;
}

function parseHeaders(entries: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const entry of entries) {
    const colon = entry.indexOf(':');
    const name = colon === -1 ? '' : entry.slice(0, colon).trim();
    if (!HEADER_NAME.test(name)) {
      throw usageError(
        `--header ${JSON.stringify(entry)}: expected "Name: value" with a header name of letters, digits and -`,
      );
    }
    headers[name] = entry.slice(colon + 1).trim();
  }
  return headers;
}

function parseTimeout(text: string | undefined): number {
  if (text === undefined) return DEFAULT_TIMEOUT_MS;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) {
    throw usageError(`--timeout ${JSON.stringify(text)}: expected a whole number of milliseconds above 0`);
  }
  return value;
}

/** How a target is named in messages. */
export function describeTarget(target: Target): string {
  return target.kind === 'http' ? target.url.href : [target.command, ...target.args].join(' ');
}

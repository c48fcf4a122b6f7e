import { parseArgs } from 'node:util';
import { REVISIONS, type Revision } from '../server-scenarios/session.js';

// Command-line parsing, kept apart from running so it can be tested without processes.

export const USAGE = `mcpkit-conformance — check any MCP server or client, ours or another SDK's

Usage:
  mcpkit-conformance server  --command "<stdio server command>" | --url <http url>
                             [--revision <r>]... [--scenario <id>]...
  mcpkit-conformance client  --command "<client command>" [--transport http|stdio]... [--scenario <id>]...
  mcpkit-conformance referee --url <http url> | --client "<client command>"
                             [--suite <name>] [--spec-version <r>]
  mcpkit-conformance matrix  --server <spec>... --client <spec>... [--concurrency <n>]

Common options:
  --json <file>               write the report as JSON
  --html <file>               write a self-contained HTML report
  --markdown <file>           write a Markdown report (summary by revision and severity, failures with
                              their rule and spec link), e.g. for a CI job summary or PR comment
  --expected-failures <file>  YAML with server:/client:/matrix: lists; listed failures do not fail the run,
                              a listed scenario that passes does
  --timeout <ms>              per-scenario (client, matrix) or per-request (server) limit
  --round-trip-tool <kind>=<tool>  server: the tool that samples, elicits or lists roots
                              (kind sampling, elicitation or roots); otherwise guessed from tool names
  --help

Revisions: ${REVISIONS.join(', ')} (default: every one; those the server does not serve are not applicable).
Matrix specs: a server is a URL, "http-command:<cmd>" (prints its URL), or a stdio command; a client is
mcpkit, official-v2, official-v1 or a driver command; either may be prefixed "<label>=".
Exit status: 0 when nothing failed unexpectedly, 1 otherwise, 2 for a usage error.`;

export type Mode = 'server' | 'client' | 'referee' | 'matrix';

export interface CliOptions {
  mode: Mode;
  command?: string;
  url?: string;
  client?: string;
  revisions?: Revision[];
  scenarios?: string[];
  transports?: ('http' | 'stdio')[];
  servers: string[];
  clients: string[];
  suite?: string;
  specVersion?: string;
  concurrency?: number;
  timeoutMs?: number;
  json?: string;
  html?: string;
  markdown?: string;
  roundTripTools?: Record<string, string>;
  expectedFailures?: string;
}

export class UsageError extends Error {
  override name = 'UsageError';
}

function positiveInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0)
    throw new UsageError(`--${name} expects a positive integer, got ${JSON.stringify(value)}`);
  return number;
}

export function parseCli(argv: readonly string[]): CliOptions | 'help' {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        command: { type: 'string' },
        url: { type: 'string' },
        client: { type: 'string', multiple: true },
        server: { type: 'string', multiple: true },
        revision: { type: 'string', multiple: true },
        scenario: { type: 'string', multiple: true },
        transport: { type: 'string', multiple: true },
        suite: { type: 'string' },
        'spec-version': { type: 'string' },
        concurrency: { type: 'string' },
        timeout: { type: 'string' },
        json: { type: 'string' },
        html: { type: 'string' },
        markdown: { type: 'string' },
        'round-trip-tool': { type: 'string', multiple: true },
        'expected-failures': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) return 'help';
  const [mode, ...extra] = positionals;
  if (!['server', 'client', 'referee', 'matrix'].includes(mode ?? '')) {
    throw new UsageError(`unknown mode ${JSON.stringify(mode)}; expected server, client, referee or matrix`);
  }
  if (extra.length > 0)
    throw new UsageError(
      `unexpected argument(s) ${extra.map((a) => JSON.stringify(a)).join(' ')}; quote a command with spaces`,
    );
  const string = (key: string) => values[key] as string | undefined;
  const list = (key: string) => values[key] as string[] | undefined;
  const options: CliOptions = {
    mode: mode as Mode,
    servers: list('server') ?? [],
    clients: list('client') ?? [],
  };
  const assign = <K extends keyof CliOptions>(key: K, value: CliOptions[K] | undefined) => {
    if (value !== undefined) options[key] = value;
  };
  assign('command', string('command'));
  assign('url', string('url'));
  assign('scenarios', list('scenario'));
  assign('suite', string('suite'));
  assign('specVersion', string('spec-version'));
  assign('json', string('json'));
  assign('html', string('html'));
  assign('markdown', string('markdown'));
  const roundTrips = list('round-trip-tool');
  if (roundTrips) {
    const pairs = roundTrips.map((entry) => /^(sampling|elicitation|roots)=(.+)$/.exec(entry));
    const bad = roundTrips.filter((_, index) => pairs[index] === null);
    if (bad.length > 0)
      throw new UsageError(
        `--round-trip-tool expects sampling=<tool>, elicitation=<tool> or roots=<tool>, got ${bad.map((b) => JSON.stringify(b)).join(', ')}`,
      );
    options.roundTripTools = Object.fromEntries(pairs.map((match) => [match?.[1] ?? '', match?.[2] ?? '']));
  }
  assign('expectedFailures', string('expected-failures'));
  assign('concurrency', positiveInteger('concurrency', string('concurrency')));
  assign('timeoutMs', positiveInteger('timeout', string('timeout')));
  const revisions = list('revision');
  if (revisions) {
    const unknown = revisions.filter((r) => !(REVISIONS as readonly string[]).includes(r));
    if (unknown.length > 0)
      throw new UsageError(
        `unknown revision(s) ${unknown.join(', ')}; expected one of ${REVISIONS.join(', ')}`,
      );
    options.revisions = revisions as Revision[];
  }
  const transports = list('transport');
  if (transports) {
    const unknown = transports.filter((t) => t !== 'http' && t !== 'stdio');
    if (unknown.length > 0)
      throw new UsageError(`unknown transport(s) ${unknown.join(', ')}; expected http or stdio`);
    options.transports = transports as ('http' | 'stdio')[];
  }
  checkMode(options);
  return options;
}

function checkMode(options: CliOptions): void {
  switch (options.mode) {
    case 'server':
      if ((options.command === undefined) === (options.url === undefined))
        throw new UsageError('server mode needs exactly one of --command "<cmd>" or --url <url>');
      if (options.url !== undefined && !/^https?:\/\//.test(options.url))
        throw new UsageError(`--url must be an http(s) URL, got ${JSON.stringify(options.url)}`);
      return;
    case 'client':
      if (options.command === undefined)
        throw new UsageError('client mode needs --command "<client command>"');
      return;
    case 'referee':
      if ((options.url === undefined) === (options.clients.length === 0))
        throw new UsageError(
          'referee mode needs exactly one of --url <server url> or --client "<client command>" (the referee tests over HTTP only)',
        );
      if (options.clients.length > 1) throw new UsageError('referee mode takes one --client');
      return;
    case 'matrix':
      if (options.servers.length === 0 || options.clients.length === 0)
        throw new UsageError('matrix mode needs at least one --server and one --client');
      return;
  }
}

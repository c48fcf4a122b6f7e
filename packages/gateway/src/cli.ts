import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type GatewayConfig, gatewayConfigJsonSchema, parseGatewayConfig } from './config.js';
import { describeError, GatewayError, GatewayErrorCode } from './errors.js';
import { runGateway } from './run.js';

/** Exit codes of `mcpkit-gateway`. */
export const CliExitCode = {
  /** Ended normally: the stdio client went away, or SIGINT/SIGTERM. */
  Ok: 0,
  /** The gateway failed while starting or running (the port is taken, a relayed remote server went away). */
  Failed: 1,
  /** Wrong arguments or an invalid configuration file. */
  Usage: 2,
} as const;

/** What the CLI writes to and reads from: stderr for messages, stdout only for --print-schema. */
export interface CliIo {
  /** Receives every message (default: this process's stderr). */
  stderr: (text: string) => void;
  /** Receives --help and --print-schema output (default: this process's stdout). */
  stdout: (text: string) => void;
  /** Registers a shutdown on SIGINT/SIGTERM; returns the unregistering function. */
  onSignal?: (stop: () => void) => () => void;
}

/** The CLI's help text (`mcpkit-gateway --help`). */
export const USAGE = `Usage: mcpkit-gateway <config.json>
       mcpkit-gateway --url <https://server/mcp> [--oauth] [--bridge]
       mcpkit-gateway --print-schema

Bridges and aggregates MCP servers (config format: config.schema.json in this package):
  { "serve": {...}, "upstream": { "command": "..." } }   a stdio server published over HTTP
  { "upstream": { "url": "...", "oauth": true } }         a remote server on this process's stdio
  { "upstreams": [ {...}, {...} ] }                       many servers behind one (HTTP or stdio)

Options:
  --config <file>   the configuration file (or give it as the only argument)
  --url <url>       shortcut: serve the remote server <url> on stdio
  --oauth           with --url: log in with OAuth (browser; tokens kept in ~/.mcpkit)
  --bridge          with --url: bridge revisions instead of relaying messages as they are
  --print-schema    print the configuration's JSON Schema and exit
  -h, --help        this text

Messages go to stderr (stdout carries MCP when serving on stdio). Exit codes: 0 ended normally,
1 failed while running, 2 wrong arguments or configuration.`;

async function loadConfig(path: string): Promise<GatewayConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new GatewayError(GatewayErrorCode.InvalidConfig, `cannot read ${path}: ${describeError(error)}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new GatewayError(GatewayErrorCode.InvalidConfig, `${path} is not JSON: ${describeError(error)}`);
  }
  return parseGatewayConfig(value, path);
}

function configFromArgs(values: { url?: string; oauth?: boolean; bridge?: boolean }): GatewayConfig {
  return parseGatewayConfig(
    {
      upstream: { url: values.url, ...(values.oauth ? { oauth: true } : {}) },
      ...(values.bridge ? { mode: 'bridge' } : {}),
    },
    'the command line',
  );
}

const defaultSignals = (stop: () => void) => {
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return () => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  };
};

/**
 * Runs `mcpkit-gateway` with the given arguments until the gateway ends; resolves with the exit
 * code (see `CliExitCode`).
 */
export async function runCli(argv: readonly string[], io?: Partial<CliIo>): Promise<number> {
  const stderr = io?.stderr ?? ((text: string) => void process.stderr.write(text));
  const stdout = io?.stdout ?? ((text: string) => void process.stdout.write(text));
  const say = (line: string) => stderr(`mcpkit-gateway: ${line}\n`);
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    say(describeError(error));
    stderr(`${USAGE}\n`);
    return CliExitCode.Usage;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    stdout(`${USAGE}\n`);
    return CliExitCode.Ok;
  }
  if (values['print-schema']) {
    stdout(`${JSON.stringify(gatewayConfigJsonSchema(), null, 2)}\n`);
    return CliExitCode.Ok;
  }
  const path = values.config ?? positionals[0];
  let config: GatewayConfig;
  try {
    if (values.url !== undefined) config = configFromArgs(values);
    else if (path !== undefined) config = await loadConfig(resolve(path));
    else throw new GatewayError(GatewayErrorCode.InvalidConfig, 'give a configuration file or --url');
  } catch (error) {
    say(describeError(error));
    return CliExitCode.Usage;
  }
  let running: Awaited<ReturnType<typeof runGateway>>;
  try {
    running = await runGateway(config, say);
  } catch (error) {
    say(`could not start: ${describeError(error)}`);
    return CliExitCode.Failed;
  }
  if (running.url !== undefined) say(`MCP endpoint: ${running.url.href}`);
  let stopped!: () => void;
  const stop = new Promise<void>((resolveStop) => {
    stopped = resolveStop;
  });
  const unregister = (io?.onSignal ?? defaultSignals)(() => stopped());
  const ended = await Promise.race([running.closed, stop]);
  unregister();
  await running.close();
  // A relay whose remote server went away failed; the host closing it, or a signal, is a normal end.
  return ended instanceof Error ? CliExitCode.Failed : CliExitCode.Ok;
}

function parse(argv: readonly string[]) {
  const parsed = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      config: { type: 'string' },
      url: { type: 'string' },
      oauth: { type: 'boolean' },
      bridge: { type: 'boolean' },
      'print-schema': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (parsed.positionals.length > 1)
    throw new Error(`expected one configuration file, got ${parsed.positionals.join(' ')}`);
  return parsed;
}

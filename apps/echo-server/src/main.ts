// The mcpkit-echo command (entered through bin.ts): the echo server over stdio (default) or
// Streamable HTTP.
import process from 'node:process';
import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { StdioServerTransport } from '@mcpkit/transport-stdio';
import { type EchoCliOptions, parseEchoArgs, USAGE } from './cli-args.js';
import { createEchoServer, ECHO_SERVER_INFO } from './server.js';

/** If something still holds the event loop this long after the connection closed, exit anyway. */
const EXIT_GRACE_MS = 1000;

function log(text: string): void {
  process.stderr.write(`${text}\n`);
}

const reportError = (error: Error) => log(`mcpkit-echo: ${error.message}`);

async function serveStdio(options: Extract<EchoCliOptions, { mode: 'stdio' }>): Promise<void> {
  const server = createEchoServer({ onerror: reportError });
  const transport = new StdioServerTransport();
  const session = await server.connect(transport);
  session.addCloseListener(() => {
    setTimeout(() => process.exit(process.exitCode ?? 0), EXIT_GRACE_MS).unref();
  });
  if (!options.quiet) {
    log(
      `${ECHO_SERVER_INFO.name} ${ECHO_SERVER_INFO.version}: MCP over stdio (newline-delimited JSON-RPC on stdin/stdout). ` +
        'Tool "echo", resources echo://{message}, prompt "echo". End input (Ctrl-D) to quit.',
    );
  }
}

async function serveHttp(options: Extract<EchoCliOptions, { mode: 'http' }>): Promise<void> {
  const server = createEchoServer({ onerror: reportError });
  const handler = createStreamableHttpHandler({
    server,
    onerror: reportError,
    ...(options.maxSessionsPerAddress === undefined
      ? {}
      : { maxSessionsPerAddress: options.maxSessionsPerAddress }),
  });
  const handle = await serve(handler, { port: options.port, host: options.host });
  if (!options.quiet) {
    log(
      `${ECHO_SERVER_INFO.name} ${ECHO_SERVER_INFO.version}: MCP over Streamable HTTP at ${new URL('/mcp', handle.url)}`,
    );
  }
  const stop = () => {
    handle.close().then(
      () => process.exit(0),
      (error: Error) => {
        reportError(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function main(): Promise<void> {
  let options: EchoCliOptions;
  try {
    options = parseEchoArgs(process.argv.slice(2));
  } catch (error) {
    log(`mcpkit-echo: ${(error as Error).message}\n`);
    process.stderr.write(USAGE);
    process.exitCode = 2;
    return;
  }
  if (options.mode === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  if (options.mode === 'http') await serveHttp(options);
  else await serveStdio(options);
}

main().catch((error: unknown) => {
  reportError(error instanceof Error ? error : new Error(String(error)));
  process.exitCode = 1;
});

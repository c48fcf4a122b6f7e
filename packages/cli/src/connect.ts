import { OAuthClientProvider } from '@mcpkit/auth-client';
import { type LoopbackRedirect, startLoopbackRedirect } from '@mcpkit/auth-client/node';
import { McpClient } from '@mcpkit/client';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { StdioClientTransport } from '@mcpkit/transport-stdio';
import { type CommonOptions, describeTarget, type Target } from './command-line.js';
import { CliError, ExitCode } from './exit-codes.js';
import type { Output } from './output.js';

/** The name and version the CLI gives itself in `clientInfo`. */
export const CLI_CLIENT_INFO = { name: 'mcpkit-cli', version: '0.0.0' } as const;

/** A connected client and how to let it go. */
export interface Connection {
  client: McpClient;
  /** Closes the client (ending a spawned server) and the OAuth redirect receiver, if any. */
  close(): Promise<void>;
}

/** Connects to `target`; every failure is a CliError with status 3 naming the server. */
export async function connect(target: Target, common: CommonOptions, output: Output): Promise<Connection> {
  const client = new McpClient(CLI_CLIENT_INFO, { defaultTimeoutMs: common.timeoutMs });
  let loopback: LoopbackRedirect | undefined;
  const close = async () => {
    await client.close();
    await loopback?.close();
  };
  try {
    if (target.kind === 'stdio') {
      await client.connect(new StdioClientTransport({ command: target.command, args: target.args }));
    } else {
      let auth: OAuthClientProvider | undefined;
      if (common.oauth) {
        const receiver = await startLoopbackRedirect({
          open: (url) => output.err(`Open this URL in a browser to sign in:\n${url.href}`),
        });
        loopback = receiver;
        auth = new OAuthClientProvider({
          serverUrl: target.url.href,
          redirectUri: receiver.redirectUri,
          authorize: (request) => receiver.authorize(request),
          clientMetadata: { client_name: 'mcpkit' },
        });
      }
      const headers = common.headers;
      await client.connect(
        new StreamableHttpClientTransport(target.url, { headers, ...(auth ? { auth } : {}) }),
      );
    }
  } catch (error) {
    await close();
    const message = error instanceof Error ? error.message : String(error);
    throw new CliError(ExitCode.Connection, `could not connect to ${describeTarget(target)}: ${message}`, {
      cause: error,
    });
  }
  return { client, close };
}

import { McpServer, type McpServerOptions } from '@mcpkit/server';
import * as z from 'zod';

/** Name and version the echo server reports in `serverInfo`. */
export const ECHO_SERVER_INFO = { name: 'mcpkit-echo', version: '0.0.0' } as const;

/** Every revision the echo server speaks: 2026-07-28 (stateless) beside the four stateful ones. */
export const ECHO_PROTOCOL_VERSIONS = [
  '2024-11-05',
  '2025-03-26',
  '2025-06-18',
  '2025-11-25',
  '2026-07-28',
] as const;

/**
 * The smallest real MCP server: one tool, one resource template and one prompt, each of which
 * sends back the message it was given. Transport-free: the CLI (or a test) connects it. One
 * server answers clients of every revision at once, telling them apart per request.
 */
export function createEchoServer(options: Pick<McpServerOptions, 'onerror' | 'onrequest'> = {}): McpServer {
  const server = new McpServer(ECHO_SERVER_INFO, {
    instructions: 'Echoes messages back: the echo tool, the echo://{message} resources and the echo prompt.',
    protocolVersions: ECHO_PROTOCOL_VERSIONS,
    ...options,
  });

  server.tool(
    'echo',
    {
      title: 'Echo',
      description: 'Returns the message it is given, as text.',
      inputSchema: { message: z.string().describe('The text to send back') },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ message }) => message,
  );

  server.resourceTemplate(
    'echo://{message}',
    {
      name: 'echo',
      title: 'Echo resource',
      description: 'A resource whose content is the message in its URI.',
      mimeType: 'text/plain',
    },
    (_uri, { message }) => (Array.isArray(message) ? message.join(',') : (message ?? '')),
  );

  server.prompt(
    'echo',
    {
      title: 'Echo prompt',
      description: 'A prompt made of one user message: the message given.',
      arguments: { message: z.string().describe('The text of the user message') },
    },
    ({ message }) => message,
  );

  return server;
}

import { StdioClientTransport } from '@mcpkit/transport-stdio';
import type { StdioUpstream } from './options.js';

/** Turns the upstream's description into a child transport. */
export function stdioTransportFor(
  upstream: StdioUpstream,
  onstderr?: (text: string) => void,
): StdioClientTransport {
  return new StdioClientTransport({
    command: upstream.command,
    ...(upstream.args === undefined ? {} : { args: upstream.args }),
    ...(upstream.env === undefined ? {} : { env: upstream.env }),
    ...(upstream.cwd === undefined ? {} : { cwd: upstream.cwd }),
    ...(upstream.inheritEnv === undefined ? {} : { inheritEnv: upstream.inheritEnv }),
    ...(onstderr === undefined ? { stderr: 'pipe' as const } : { stderr: 'pipe' as const, onstderr }),
  });
}

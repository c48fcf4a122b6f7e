import {
  isStatelessProtocolVersion,
  PROTOCOL_VERSIONS,
  STATEFUL_PROTOCOL_VERSIONS,
  TASKS_EXTENSION_ID,
} from '@mcpkit/protocol';
import type { McpClientOptions } from './client-options.js';
import { McpClientError, McpClientErrorCode } from './errors.js';

/**
 * Checks the client options and resolves the offered and accepted revisions. By default the client
 * speaks every stateful revision; offering a stateless one adds every revision, so a legacy server
 * is still reachable.
 */
export function checkClientOptions(
  options: Pick<
    McpClientOptions,
    'protocolVersion' | 'supportedProtocolVersions' | 'capabilities' | 'tasksExtension'
  >,
  defaultVersion: string,
): { offered: string; supported: readonly string[] } {
  const offered = options.protocolVersion ?? defaultVersion;
  const supported =
    options.supportedProtocolVersions ??
    (isStatelessProtocolVersion(offered) ? PROTOCOL_VERSIONS : STATEFUL_PROTOCOL_VERSIONS);
  const invalid = (message: string) => new McpClientError(McpClientErrorCode.InvalidOptions, message);
  if (supported.length === 0) throw invalid('supportedProtocolVersions must list at least one version');
  if (!supported.includes(offered)) {
    throw invalid(
      `protocolVersion '${offered}' is not among supportedProtocolVersions (${supported.join(', ')})`,
    );
  }
  const extensions = options.capabilities?.extensions as Record<string, unknown> | undefined;
  if (extensions?.[TASKS_EXTENSION_ID] !== undefined && options.tasksExtension === undefined) {
    // Declared by hand, a server could answer with tasks that callTool cannot await.
    throw invalid(
      `capabilities.extensions declares ${TASKS_EXTENSION_ID}; pass tasksExtension: tasksExtension() from '@mcpkit/client/tasks-extension' instead`,
    );
  }
  return { offered, supported };
}

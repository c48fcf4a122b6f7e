import { isStatelessProtocolVersion, PROTOCOL_VERSIONS, STATEFUL_PROTOCOL_VERSIONS } from '@mcpkit/protocol';
import type { McpClientOptions } from './client-options.js';
import { McpClientError, McpClientErrorCode } from './errors.js';

/**
 * Resolves the offered and accepted revisions. By default the client speaks every stateful
 * revision; offering a stateless one adds every revision, so a legacy server is still reachable.
 */
export function checkVersionOptions(
  options: Pick<McpClientOptions, 'protocolVersion' | 'supportedProtocolVersions'>,
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
  return { offered, supported };
}

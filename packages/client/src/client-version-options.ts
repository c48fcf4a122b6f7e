import { isStatelessProtocolVersion, STATEFUL_PROTOCOL_VERSIONS } from '@mcpkit/protocol';
import type { McpClientOptions } from './client-options.js';
import { McpClientError, McpClientErrorCode } from './errors.js';

/**
 * Resolves the offered and accepted revisions. Only the stateful revisions are implemented so
 * far; asking for the stateless one (2026-07-28) fails here instead of mid-handshake.
 */
export function checkVersionOptions(
  options: Pick<McpClientOptions, 'protocolVersion' | 'supportedProtocolVersions'>,
  defaultVersion: string,
): { offered: string; supported: readonly string[] } {
  const supported = options.supportedProtocolVersions ?? STATEFUL_PROTOCOL_VERSIONS;
  const offered = options.protocolVersion ?? defaultVersion;
  const invalid = (message: string) => new McpClientError(McpClientErrorCode.InvalidOptions, message);
  for (const version of [offered, ...supported]) {
    if (isStatelessProtocolVersion(version)) {
      throw invalid(
        `Protocol version '${version}' is stateless and not supported by McpClient yet; ` +
          `use one of ${STATEFUL_PROTOCOL_VERSIONS.join(', ')}`,
      );
    }
  }
  if (supported.length === 0) throw invalid('supportedProtocolVersions must list at least one version');
  if (!supported.includes(offered)) {
    throw invalid(
      `protocolVersion '${offered}' is not among supportedProtocolVersions (${supported.join(', ')})`,
    );
  }
  return { offered, supported };
}

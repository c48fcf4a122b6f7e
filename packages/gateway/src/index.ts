// Every export of this file is public API of @mcpkit/gateway (Node.js only).
// biome-ignore-all assist/source/organizeImports: exports are grouped by feature, not sorted by path

// Describing upstreams and what the gateway reports.
export type {
  GatewayEvent,
  HttpUpstream,
  NameFilter,
  StdioUpstream,
  Upstream,
  UpstreamCommon,
} from './options.js';
export { GatewayError, GatewayErrorCode } from './errors.js';

// The message relay both bridges use: one client-side and one server-side transport, ids unchanged.
export { type Relay, type RelayOptions, relay } from './relay.js';

// 1. stdio -> HTTP: publish a stdio server as a Streamable HTTP endpoint.
export {
  createStdioHttpGateway,
  type GatewayHttpOptions,
  type StdioHttpGateway,
  type StdioHttpGatewayOptions,
} from './stdio-to-http.js';

// 2. HTTP -> stdio: reach a remote server from a host that only runs commands.
export { type HttpStdioBridge, type HttpStdioBridgeOptions, startHttpStdioBridge } from './http-to-stdio.js';

// 3. Aggregation: many upstreams behind one server.
export { Aggregator, type AggregatorOptions } from './aggregate/aggregator.js';
export type { RetryOptions } from './aggregate/upstream.js';

// Logging in to an HTTP upstream with OAuth (loopback redirect, tokens in a file only the user reads).
export {
  DEFAULT_TOKEN_FILE,
  FileOAuthStore,
  type OAuthLogin,
  type OAuthLoginOptions,
  oauthLogin,
} from './oauth.js';

// The configuration file and the CLI (`mcpkit-gateway`).
export {
  type ConfigUpstream,
  type GatewayConfig,
  GatewayConfigSchema,
  gatewayConfigJsonSchema,
  parseGatewayConfig,
} from './config.js';
export { type GatewayLog, type RunningGateway, describeEvent, runGateway } from './run.js';
export { type CliIo, CliExitCode, runCli, USAGE } from './cli.js';

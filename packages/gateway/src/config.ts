import * as z from 'zod';
import { GatewayError, GatewayErrorCode } from './errors.js';

// The CLI's configuration file. The published JSON Schema (config.schema.json) is made from these
// schemas (`writeConfigSchema`), and a test keeps the file equal to them.

const nameFilter = z
  .object({
    allow: z.array(z.string()).optional().describe('Only these names (exact, or patterns with *).'),
    deny: z.array(z.string()).optional().describe('Never these names (applied after allow).'),
  })
  .strict();

const upstreamCommon = {
  name: z
    .string()
    .min(1)
    .optional()
    .describe('Name in messages and default namespace (default: the command or the URL host).'),
  namespace: z
    .union([z.string(), z.literal(false)])
    .optional()
    .describe(
      "Prefix of tool and prompt names (<namespace><separator><name>); false keeps the upstream's names. Default: name.",
    ),
  tools: nameFilter.optional().describe("Which tools are offered, by the upstream's names."),
  prompts: nameFilter.optional().describe('Which prompts are offered.'),
  resources: nameFilter
    .optional()
    .describe('Which resources and templates are offered, by URI or URI template.'),
};

const stdioUpstream = z
  .object({
    ...upstreamCommon,
    command: z.string().min(1).describe('The program to run (looked up on PATH; no shell).'),
    args: z.array(z.string()).optional(),
    env: z.record(z.string(), z.string()).optional().describe('Added to a safe default environment.'),
    inheritEnv: z.boolean().optional().describe('Pass the whole environment of the gateway (default false).'),
    cwd: z.string().optional(),
  })
  .strict();

const oauth = z
  .object({
    tokenFile: z
      .string()
      .optional()
      .describe('Where tokens are kept, readable by the user only (default ~/.mcpkit/gateway-oauth.json).'),
    clientName: z.string().optional(),
    clientMetadataUrl: z
      .url()
      .optional()
      .describe('A Client ID Metadata Document URL, where the authorization server supports it.'),
    redirectPort: z
      .number()
      .int()
      .min(0)
      .max(65535)
      .optional()
      .describe('Port of the loopback redirect (default any free port).'),
    openBrowser: z
      .boolean()
      .optional()
      .describe(
        'Open the browser at the authorization URL (default true; the URL is always printed on stderr).',
      ),
  })
  .strict();

const httpUpstream = z
  .object({
    ...upstreamCommon,
    url: z.url().describe('The remote MCP endpoint.'),
    transport: z
      .enum(['streamable', 'sse', 'auto'])
      .optional()
      .describe('Streamable HTTP, legacy HTTP+SSE, or auto (default).'),
    headers: z.record(z.string(), z.string()).optional().describe('Sent with every request.'),
    oauth: z
      .union([z.literal(true), oauth])
      .optional()
      .describe('Log in with OAuth (browser, loopback redirect).'),
  })
  .strict();

const upstream = z.union([stdioUpstream, httpUpstream]);

const serveAuth = z
  .object({
    resource: z.url().describe("This endpoint's canonical URL, as tokens name it in their audience."),
    authorizationServers: z
      .array(z.url())
      .min(1)
      .describe('Issuers clients get tokens from (in the metadata).'),
    jwt: z
      .object({ issuer: z.string().min(1), jwksUri: z.url() })
      .strict()
      .optional()
      .describe("Verify JWT access tokens with the issuer's keys."),
    introspection: z
      .object({
        endpoint: z.url(),
        clientId: z.string().min(1),
        clientSecretEnv: z.string().min(1).describe('The environment variable holding the client secret.'),
      })
      .strict()
      .optional()
      .describe('Verify tokens at the authorization server (RFC 7662).'),
    requiredScopes: z.array(z.string()).optional().describe('Scopes every request needs.'),
    toolScopes: z.record(z.string(), z.array(z.string())).optional().describe('Extra scopes per tool name.'),
  })
  .strict()
  .refine((auth) => (auth.jwt === undefined) !== (auth.introspection === undefined), {
    message: 'give exactly one of "jwt" and "introspection"',
  });

const serve = z
  .object({
    port: z
      .number()
      .int()
      .min(0)
      .max(65535)
      .optional()
      .describe('Default 0: any free port (printed on stderr).'),
    host: z.string().optional().describe('Default 127.0.0.1.'),
    endpoint: z
      .string()
      .regex(/^\//, 'a path starting with /')
      .optional()
      .describe('Path of the MCP endpoint (default /mcp).'),
    stateless: z.boolean().optional().describe('No sessions: every POST stands alone.'),
    legacySse: z
      .boolean()
      .optional()
      .describe('Serve the 2024-11-05 HTTP+SSE transport at /sse and /messages (default true).'),
    health: z
      .union([z.boolean(), z.object({ path: z.string().regex(/^\//, 'a path starting with /') }).strict()])
      .optional(),
    allowedHosts: z
      .array(z.string())
      .optional()
      .describe('Host names accepted besides localhost (DNS rebinding protection).'),
    allowedOrigins: z.array(z.string()).optional(),
    cors: z.boolean().optional(),
    rateLimit: z
      .object({ requestsPerSecond: z.number().positive(), burst: z.number().int().positive() })
      .strict()
      .optional(),
    auth: serveAuth.optional().describe('Require OAuth access tokens (an OAuth 2.1 resource server).'),
    maxSessions: z.number().int().positive().optional(),
    sessionIdleTimeoutMs: z.number().int().positive().optional(),
  })
  .strict();

/** The configuration file of `mcpkit-gateway`. */
export const GatewayConfigSchema = z
  .object({
    $schema: z.string().optional(),
    serve: serve
      .optional()
      .describe('Serve over Streamable HTTP; without it the gateway serves on its stdin/stdout.'),
    upstream: upstream.optional().describe('One upstream server (a command or a URL).'),
    upstreams: z.array(upstream).min(1).optional().describe('Several upstream servers, aggregated.'),
    children: z
      .enum(['per-session', 'shared'])
      .optional()
      .describe('stdio upstream served over HTTP: a child per session (default) or one shared child.'),
    mode: z
      .enum(['relay', 'bridge'])
      .optional()
      .describe('HTTP upstream served on stdio: relay messages as they are (default) or bridge revisions.'),
    separator: z.string().min(1).optional().describe('Between a namespace and a name (default __).'),
    retry: z
      .object({
        initialDelayMs: z.number().int().positive().optional(),
        maxDelayMs: z.number().int().positive().optional(),
        pingIntervalMs: z
          .number()
          .int()
          .min(0)
          .optional()
          .describe('Ping HTTP upstreams this often (default 30000; 0: never).'),
      })
      .strict()
      .optional()
      .describe('How lost upstreams are tried again (delays double up to maxDelayMs).'),
    requestTimeoutMs: z.number().int().positive().optional(),
  })
  .strict()
  .refine((config) => (config.upstream === undefined) !== (config.upstreams === undefined), {
    message: 'give exactly one of "upstream" (one server) and "upstreams" (several, aggregated)',
  });

/** The configuration file, parsed. */
export type GatewayConfig = z.infer<typeof GatewayConfigSchema>;
/** One upstream of the configuration file. */
export type ConfigUpstream = z.infer<typeof upstream>;

/** Checks a parsed JSON value; the error names each wrong field by its path. */
export function parseGatewayConfig(value: unknown, source = 'the configuration'): GatewayConfig {
  const result = GatewayConfigSchema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const path = issue.path.length === 0 ? '(top level)' : issue.path.join('.');
    return `${path}: ${issue.message}`;
  });
  throw new GatewayError(
    GatewayErrorCode.InvalidConfig,
    `${source} is not valid:\n  ${problems.join('\n  ')}`,
  );
}

/** The JSON Schema of the configuration file (what config.schema.json holds). */
export function gatewayConfigJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(GatewayConfigSchema, { io: 'input' }),
    $id: 'https://unpkg.com/@mcpkit/gateway/config.schema.json',
    title: 'mcpkit-gateway configuration',
  };
}

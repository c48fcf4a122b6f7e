import type { HttpAuthProvider } from '@mcpkit/transport-http-client';

/** Which names an upstream offers through the gateway: exact names, or patterns with `*`. */
export interface NameFilter {
  /** Only these (default: all). */
  allow?: readonly string[];
  /** Never these (applied after `allow`). */
  deny?: readonly string[];
}

/** What an upstream shares besides its description: its name and how its lists are filtered. */
export interface UpstreamCommon {
  /** The upstream's name, used in messages and as its default namespace (default: the command or URL). */
  name?: string;
  /**
   * Prefix of its tool and prompt names (`<namespace><separator><name>`) and of its resource URIs
   * and templates (`<namespace>+<uri>`). Default: the name; `false` keeps the upstream's own names.
   */
  namespace?: string | false;
  /** Filters its tools, by their name as the upstream spells it. */
  tools?: NameFilter;
  /** Filters its prompts. */
  prompts?: NameFilter;
  /** Filters its resources and resource templates, by URI or URI template. */
  resources?: NameFilter;
}

/** A stdio server the gateway starts: a command line. */
export interface StdioUpstream extends UpstreamCommon {
  command: string;
  args?: readonly string[];
  /** Added to the safe default environment (or to the whole one with `inheritEnv`). */
  env?: Record<string, string>;
  /** Pass this process's whole environment (default false: a safe subset, as `StdioClientTransport`). */
  inheritEnv?: boolean;
  cwd?: string;
}

/** A remote server the gateway reaches over HTTP. */
export interface HttpUpstream extends UpstreamCommon {
  url: string;
  /** `streamable` (Streamable HTTP), `sse` (legacy 2024-11-05 HTTP+SSE), or `auto` (default: Streamable, else SSE). */
  transport?: 'streamable' | 'sse' | 'auto';
  /** Headers sent with every request (e.g. a static API key). */
  headers?: Record<string, string>;
  /** Authorization for every request, e.g. an `OAuthClientProvider` of `@mcpkit/auth-client`. */
  auth?: HttpAuthProvider;
}

/** Any upstream. */
export type Upstream = StdioUpstream | HttpUpstream;

/** What the gateway tells `onevent`: children and upstreams coming and going, names that collide. */
export type GatewayEvent =
  | { type: 'child-started'; upstream: string; sessionId: string | undefined; pid: number | undefined }
  | {
      type: 'child-exited';
      upstream: string;
      sessionId: string | undefined;
      pid: number | undefined;
      /** Why it ended on its own (exit code, signal, stderr tail); undefined when the session closed it. */
      reason: Error | undefined;
    }
  | { type: 'upstream-up'; upstream: string; protocolVersion: string | undefined }
  | { type: 'upstream-down'; upstream: string; reason: Error; retryInMs: number }
  | {
      type: 'collision';
      upstream: string;
      kind: 'tool' | 'prompt' | 'resource' | 'template';
      name: string;
      keptFrom: string;
    };

/** Whether an upstream is started as a process (it has a `command`). */
export function isStdioUpstream(upstream: Upstream): upstream is StdioUpstream {
  return 'command' in upstream;
}

import type { Implementation, JSONRPCRequest } from '@mcpkit/protocol';
import {
  isStatelessProtocolVersion,
  STATEFUL_PROTOCOL_VERSIONS,
  STATELESS_PROTOCOL_VERSIONS,
} from '@mcpkit/protocol';
import type { McpServer, RegisteredHandle, ServerSession } from '@mcpkit/server';
import { inMemoryTasks } from '@mcpkit/server/tasks';
import { UriTemplate } from '@mcpkit/server/uri-template';
import type { GatewayEvent, Upstream } from '../options.js';
import { isStdioUpstream } from '../options.js';
import { GatewayServer } from './gateway-server.js';
import { DEFAULT_SEPARATOR, exposedName, passes } from './names.js';
import type { PassThroughRoute, PassThroughRouter } from './pass-through.js';
import { CallsInFlight, questionHandlers, sessionAsker } from './questions.js';
import { type Offer, registerOffer } from './register.js';
import { ResourceSubscriptions } from './subscriptions.js';
import { TaskRoutes } from './tasks.js';
import { type RetryOptions, UpstreamConnection } from './upstream.js';

/** Options of `Aggregator`. */
export interface AggregatorOptions {
  /** The upstreams, in priority order: on a name collision the earlier one keeps the name. */
  upstreams: readonly Upstream[];
  /** What the gateway calls itself to its clients (default `mcpkit-gateway`). */
  serverInfo?: Implementation;
  /** Text between a namespace and a name (default `__`: `github__search`). */
  separator?: string;
  /** How lost upstreams are tried again. */
  retry?: RetryOptions;
  /** Default timeout of each request forwarded to an upstream (default 60 000 ms; progress restarts it). */
  requestTimeoutMs?: number;
  /** Upstreams coming and going, name collisions. */
  onevent?: (event: GatewayEvent) => void;
  /** Problems that do not stop the gateway. */
  onerror?: (error: Error) => void;
}

interface Registered {
  offer: Offer;
  owner: UpstreamConnection;
  fingerprint: string;
  handle: RegisteredHandle<never>;
}

/** The name an upstream goes by when its config gives none. */
export function upstreamName(upstream: Upstream): string {
  return upstream.name ?? (isStdioUpstream(upstream) ? upstream.command : new URL(upstream.url).host);
}

/**
 * Many upstream servers behind one `McpServer`: an `McpClient` per upstream (stdio or HTTP), whose
 * tools, prompts, resources and templates are registered on `server` under each upstream's
 * namespace. Serve `server` over any transport (`server.connect`, or the HTTP handler's `server`
 * option); it speaks every revision whatever each upstream speaks, so a 2026-07-28 client reaches
 * a 2025 upstream and the reverse. A call is forwarded with its cancellation and progress; the
 * upstream's questions (elicitation, sampling, roots) and log messages reach the client whose call
 * is running. When an upstream's lists change, or it goes away (retried with backoff) and comes
 * back, the merged lists change and clients get `list_changed`. Resource subscriptions go to the
 * upstream owning the URI (`ResourceSubscriptions`), and 2025-11-25 task-augmented calls and
 * `tasks/*` to the upstream running the task, under ids of the gateway's (`TaskRoutes`).
 */
export class Aggregator {
  /**
   * The server clients connect to. On its connections (`server.connect`), a `tools/call`,
   * `prompts/get` or `resources/read` for a stdio upstream speaking the client's revision is relayed
   * to it as it is, ids and progress tokens mapped, the name put back to the upstream's (one parse,
   * no validation, no second serialisation of a model): the server's own path would only repeat
   * what the upstream checks. Anything else, and every request once a middleware is added with
   * `server.use`, goes through the server.
   */
  readonly server: McpServer;
  readonly #upstreams: UpstreamConnection[];
  readonly #registered = new Map<string, Registered>();
  /** The registered tools and prompts by exposed name, as `#registered` has them: for relaying. */
  readonly #tools = new Map<string, Offer>();
  readonly #prompts = new Map<string, Offer>();
  readonly #collisions = new Set<string>();
  readonly #calls = new CallsInFlight<UpstreamConnection>();
  readonly #options: AggregatorOptions;
  readonly #subscriptions: ResourceSubscriptions;
  #relayed = 0;

  constructor(options: AggregatorOptions) {
    this.#options = options;
    const server = new GatewayServer(options.serverInfo ?? { name: 'mcpkit-gateway', version: '0.0.0' }, {
      protocolVersions: [...STATEFUL_PROTOCOL_VERSIONS, ...STATELESS_PROTOCOL_VERSIONS],
      // Declared from the start: an upstream slow to start registers later, and clients must
      // already know the lists can change.
      capabilities: {
        tools: { listChanged: true },
        prompts: { listChanged: true },
        resources: { listChanged: true, subscribe: true },
        completions: true,
        // Task-augmented calls of upstreams that run tasks are theirs (see `TaskRoutes`); the
        // store holds the tasks the gateway runs itself for tools of upstreams without tasks.
        tasks: true,
      },
      tasks: inMemoryTasks(),
      onRootsListChanged: () => {
        for (const upstream of this.#upstreams)
          void upstream.client?.sendRootsListChanged().catch(this.#report);
      },
      onerror: (error) => this.#report(error instanceof Error ? error : new Error(String(error))),
    });
    this.server = server;
    this.#subscriptions = new ResourceSubscriptions(this.server, (uri) => this.#ownerOf(uri), this.#report);
    const tasks = new TaskRoutes(
      (name) => {
        const offer = this.#registered.get(`tool:${name}`)?.offer;
        return offer?.kind === 'tool' ? { owner: offer.owner, name: offer.item.name } : undefined;
      },
      () => this.#upstreams,
    );
    server.use(this.#subscriptions.middleware, { name: 'gateway-subscriptions' });
    server.use(tasks.middleware, { name: 'gateway-tasks' });
    server.relayWith((session) => this.#router(server, session));
    const names = new Set<string>();
    this.#upstreams = options.upstreams.map((config) => {
      const name = upstreamName(config);
      if (names.has(name))
        throw new TypeError(`Two upstreams are named ${JSON.stringify(name)}; give each a distinct name`);
      names.add(name);
      let upstream!: UpstreamConnection;
      const hooks = {
        onlists: () => this.#sync(),
        onup: (which: UpstreamConnection) =>
          this.#event({
            type: 'upstream-up',
            upstream: which.name,
            protocolVersion: which.client?.protocolVersion,
          }),
        ondown: (which: UpstreamConnection, reason: Error, retryInMs: number) => {
          this.#event({ type: 'upstream-down', upstream: which.name, reason, retryInMs });
          this.#subscriptions.dropped(which);
          this.#sync();
        },
        onerror: this.#report,
        get clientOptions() {
          return questionHandlers(upstream, name, calls, server);
        },
      };
      const calls = this.#calls;
      upstream = new UpstreamConnection(config, name, hooks, options.retry, options.requestTimeoutMs);
      return upstream;
    });
  }

  /** Requests relayed to upstreams as they are so far, past the server (see `server`). */
  get relayedRequests(): number {
    return this.#relayed;
  }

  /** Upstreams connected now. */
  get connectedCount(): number {
    return this.#upstreams.filter((upstream) => upstream.up).length;
  }

  /** Names of the upstreams connected now. */
  get connected(): string[] {
    return this.#upstreams.filter((upstream) => upstream.up).map((upstream) => upstream.name);
  }

  /** Connects every upstream; resolves once each is up or has failed once (failures are retried). */
  async start(): Promise<void> {
    await Promise.all(this.#upstreams.map((upstream) => upstream.connect()));
  }

  /** Closes the server and every upstream. */
  async close(): Promise<void> {
    await this.server.close();
    await Promise.allSettled(this.#upstreams.map((upstream) => upstream.close()));
  }

  #report = (error: Error) => this.#options.onerror?.(error);

  #event(event: GatewayEvent): void {
    this.#options.onevent?.(event);
  }

  /** What every connected upstream offers, by exposed key, the earlier upstream winning a collision. */
  #wanted(): Map<string, Offer> {
    const wanted = new Map<string, Offer>();
    const separator = this.#options.separator ?? DEFAULT_SEPARATOR;
    for (const owner of this.#upstreams) {
      if (!owner.up) continue;
      const config = owner.config;
      const namespace = config.namespace === undefined ? owner.name : config.namespace;
      const offers: Offer[] = [
        ...owner.lists.tools
          .filter((tool) => passes(config.tools, tool.name))
          .map(
            (tool): Offer => ({
              kind: 'tool',
              key: exposedName(namespace, separator, tool.name),
              owner,
              item: tool,
            }),
          ),
        ...owner.lists.prompts
          .filter((prompt) => passes(config.prompts, prompt.name))
          .map(
            (prompt): Offer => ({
              kind: 'prompt',
              key: exposedName(namespace, separator, prompt.name),
              owner,
              item: prompt,
            }),
          ),
        // URIs keep their spelling: they are global already, and results refer to them.
        ...owner.lists.resources
          .filter((resource) => passes(config.resources, resource.uri))
          .map((resource): Offer => ({ kind: 'resource', key: resource.uri, owner, item: resource })),
        ...owner.lists.templates
          .filter((template) => passes(config.resources, template.uriTemplate))
          .map((template): Offer => ({ kind: 'template', key: template.uriTemplate, owner, item: template })),
      ];
      for (const offer of offers) {
        const id = `${offer.kind}:${offer.key}`;
        const holder = wanted.get(id);
        if (holder === undefined) {
          wanted.set(id, offer);
          continue;
        }
        const collision = `${id}:${owner.name}`;
        if (this.#collisions.has(collision)) continue;
        this.#collisions.add(collision);
        this.#event({
          type: 'collision',
          upstream: owner.name,
          kind: offer.kind,
          name: offer.key,
          keptFrom: holder.owner.name,
        });
      }
    }
    return wanted;
  }

  /** The upstream a resource URI is read from: its resource's, else the first template's it fits. */
  #ownerOf(uri: string): UpstreamConnection | undefined {
    const resource = this.#registered.get(`resource:${uri}`);
    if (resource !== undefined) return resource.owner;
    for (const { offer } of this.#registered.values()) {
      if (offer.kind === 'template' && new UriTemplate(offer.key).match(uri) !== undefined)
        return offer.owner;
    }
    return undefined;
  }

  /** Finds the upstream a session's request can be relayed to as it is (see `server`). */
  #router(server: GatewayServer, session: ServerSession<McpServer>): PassThroughRouter {
    const asker = sessionAsker(session);
    // A session's revision is set once, at its handshake: it is checked once, not per request.
    let relayableVersion: string | undefined;
    return (request: JSONRPCRequest): PassThroughRoute | undefined => {
      const version = session.protocolVersion;
      const params = request.params as Record<string, unknown> | undefined;
      if (server.intercepted || params === undefined || version === undefined) return undefined;
      if (version !== relayableVersion) {
        if (!session.ready || isStatelessProtocolVersion(version)) return undefined;
        relayableVersion = version;
      }
      let owner: UpstreamConnection | undefined;
      let upstreamParams = params;
      let subject: string;
      const method = request.method;
      if (method === 'tools/call' || method === 'prompts/get') {
        // A task-augmented call goes through the server, which maps task ids (see `TaskRoutes`).
        if (params.task !== undefined || typeof params.name !== 'string') return undefined;
        const offer = (method === 'tools/call' ? this.#tools : this.#prompts).get(params.name);
        if (offer === undefined) return undefined;
        owner = offer.owner;
        subject = offer.item.name;
        // Without a namespace the name is the upstream's already: the params go as they are.
        if (params.name !== subject) upstreamParams = { ...params, name: subject };
      } else if (method === 'resources/read') {
        owner = typeof params.uri === 'string' ? this.#ownerOf(params.uri) : undefined;
        subject = String(params.uri);
      } else return undefined;
      const calls = owner?.forwarded;
      if (owner === undefined || calls === undefined || owner.client?.protocolVersion !== version)
        return undefined;
      this.#relayed++;
      return { calls, params: upstreamParams, subject, running: this.#calls.listOf(owner), entry: asker };
    };
  }

  /** Where an offer is found by name when relaying: tools and prompts only. */
  #named(offer: Offer): Map<string, Offer> | undefined {
    return offer.kind === 'tool' ? this.#tools : offer.kind === 'prompt' ? this.#prompts : undefined;
  }

  /** Brings the server's registrations in line with what the upstreams offer now. */
  #sync(): void {
    const wanted = this.#wanted();
    for (const [id, registered] of this.#registered) {
      const offer = wanted.get(id);
      if (
        offer === undefined ||
        offer.owner !== registered.owner ||
        fingerprint(offer) !== registered.fingerprint
      ) {
        registered.handle.remove();
        this.#registered.delete(id);
        this.#named(registered.offer)?.delete(registered.offer.key);
      }
    }
    const timeoutMs = this.#options.requestTimeoutMs;
    for (const [id, offer] of wanted) {
      if (this.#registered.has(id)) continue;
      try {
        const handle = registerOffer(this.server, offer, this.#calls, timeoutMs);
        this.#registered.set(id, { offer, owner: offer.owner, fingerprint: fingerprint(offer), handle });
        this.#named(offer)?.set(offer.key, offer);
      } catch (error) {
        this.#report(
          new Error(
            `${offer.owner.name}: ${offer.kind} ${offer.key} could not be offered: ${error instanceof Error ? error.message : String(error)}`,
            { cause: error },
          ),
        );
      }
    }
    // An upstream that came back, or a URI that moved to another upstream, is subscribed anew.
    this.#subscriptions.reconcileAll();
  }
}

const fingerprint = (offer: Offer): string => JSON.stringify(offer.item);

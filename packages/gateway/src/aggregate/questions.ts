import type { McpClientOptions } from '@mcpkit/client';
import type { ElicitRequestParams, ElicitResult, LoggingLevel } from '@mcpkit/protocol';
import { type McpServer, type ServerSession, type StandardSchemaV1, withJsonSchema } from '@mcpkit/server';
import { leave } from './forwarded-calls.js';
import type { Asker } from './parked.js';

/** A Standard Schema that takes any value as it is: the upstream checks what it asked for. */
const ANYTHING: StandardSchemaV1<Record<string, unknown>, Record<string, unknown>> = {
  '~standard': {
    version: 1,
    vendor: 'mcpkit-gateway',
    validate: (value) => ({ value: value as Record<string, unknown> }),
  },
};

/** The JSON Schema an upstream gave, kept verbatim, validated by the upstream rather than here. */
export function passThrough(jsonSchema: object) {
  return withJsonSchema(ANYTHING, jsonSchema);
}

/**
 * Which client request an upstream's question belongs to. Stateful MCP carries no link between a
 * server's request (elicitation, sampling, roots) and the client request it serves, so, as on a
 * direct connection, the question goes to the client whose call to that upstream is running: the
 * newest one when several are.
 */
export class CallsInFlight<Key> {
  readonly #calls = new Map<Key, Asker[]>();

  /** Runs `call` with `ctx` registered as running on `key`. */
  async run<T>(key: Key, ctx: Asker, call: () => Promise<T>): Promise<T> {
    const leave = this.enter(key, ctx);
    try {
      return await call();
    } finally {
      leave();
    }
  }

  /**
   * Registers `ctx` as running on `key` until the returned function is called. A key's list stays
   * once made, empty or not (the keys are the upstreams, a few), rather than being made again for
   * each call.
   */
  enter(key: Key, ctx: Asker): () => void {
    const running = this.listOf(key);
    running.push(ctx);
    return () => leave(running, ctx);
  }

  /**
   * The list of the calls running on `key`, newest last: a caller that pushes its context on it
   * must take it off with `leave` once its call ended (relayed requests do, see `ForwardedCalls`).
   */
  listOf(key: Key): Asker[] {
    let list = this.#calls.get(key);
    if (list === undefined) {
      list = [];
      this.#calls.set(key, list);
    }
    return list;
  }

  /** The newest call running on `key`. */
  newest(key: Key): Asker | undefined {
    return this.#calls.get(key)?.at(-1);
  }
}

/**
 * The handlers of an upstream's McpClient that pass its questions and log messages to the
 * gateway's clients: to the call running on that upstream, or (roots, logs outside any call) to the
 * connected sessions.
 */
export function questionHandlers<Key>(
  key: Key,
  name: string,
  calls: CallsInFlight<Key>,
  server: McpServer,
): Pick<McpClientOptions, 'sampling' | 'elicitation' | 'roots' | 'onLogMessage'> {
  const running = (what: string): Asker => {
    const ctx = calls.newest(key);
    if (ctx === undefined) {
      throw new Error(
        `${name} asked for ${what} while no client request to it is running, so no client can be asked`,
      );
    }
    return ctx;
  };
  return {
    sampling: (params) => running('sampling').sample(params),
    elicitation: {
      modes: ['form', 'url'],
      validate: false,
      handler: async (params: ElicitRequestParams): Promise<ElicitResult> => {
        const ctx = running('elicitation');
        if (params.mode === 'url') {
          const answer = await ctx.elicitUrl(params.message, params.url, {
            elicitationId: params.elicitationId,
          });
          return answer as ElicitResult;
        }
        const answer = await ctx.elicit(params.message, passThrough(params.requestedSchema));
        return answer as ElicitResult;
      },
    },
    roots: async () => {
      const ctx = calls.newest(key);
      if (ctx !== undefined) return ctx.listRoots();
      for (const session of server.sessions) {
        if (session.clientCapabilities?.roots !== undefined) return (await session.context()).listRoots();
      }
      return [];
    },
    onLogMessage: async (params) => {
      const logger = params.logger === undefined ? name : `${name}/${params.logger}`;
      const ctx = calls.newest(key);
      if (ctx !== undefined) {
        await ctx.log.log(params.level as LoggingLevel, params.data, logger);
        return;
      }
      await Promise.allSettled(
        [...server.sessions].map((session) => session.log(params.level, params.data, logger)),
      );
    },
  };
}

/**
 * Asks a session's client, for requests relayed past the server (which run with no handler
 * context): a context is made for each question, so it has the session's log level of the moment.
 */
export function sessionAsker(session: ServerSession<McpServer>): Asker {
  const context = () => session.context();
  return {
    elicit: (message, schema, options) => context().then((ctx) => ctx.elicit(message, schema, options)),
    elicitUrl: (message, url, options) => context().then((ctx) => ctx.elicitUrl(message, url, options)),
    sample: (params, options) => context().then((ctx) => ctx.sample(params, options)),
    listRoots: (options) => context().then((ctx) => ctx.listRoots(options)),
    // Only `log.log` is used for an upstream's log messages (see `questionHandlers`).
    log: {
      log: (level: LoggingLevel, data: unknown, logger?: string) => session.log(level, data, logger),
    } as unknown as Asker['log'],
    // Progress of relayed requests goes back by its token (see `ForwardedCalls`), never through here.
    progress: async () => undefined,
  } as Asker;
}

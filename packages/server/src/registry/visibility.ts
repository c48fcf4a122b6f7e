import type { AuthInfo } from '@mcpkit/jsonrpc';
import {
  type Implementation,
  isStatelessProtocolVersion,
  type JSONObject,
} from '@mcpkit/protocol/essentials';

// Per-caller visibility: a registration's `visible` predicate decides, per request, whether the
// caller may know the item exists. An invisible item is left out of lists and is answered exactly
// as an unknown one everywhere else, so its existence does not leak. With no predicate anywhere
// (the common case) every function here returns the registry's own answer and allocates nothing.

/** Who is asking: what a visibility predicate may look at (taken from the request's context). */
export interface CallerContext {
  /** The verified token's facts (scopes, client id, subject), when the transport authenticated the request. */
  readonly authInfo?: AuthInfo;
  /** The stateful session the request came on (revisions up to 2025-11-25, or a 2026-07-28 HTTP session). */
  readonly sessionId?: string;
  /** The request's `params._meta` as received. */
  readonly _meta?: Readonly<JSONObject>;
  /** The revision the request speaks. */
  readonly protocolVersion: string;
  /** The client's name and version, when it told them. */
  readonly clientInfo?: Implementation;
}

/**
 * Decides whether a caller may see a tool, resource, resource template or prompt. Only `true` shows
 * it; anything else (including a throw, which is reported to `onerror`) hides it. Called on every
 * list, call, read, get and completion of the item: keep it synchronous and cheap.
 */
export type VisibilityPredicate = (caller: CallerContext) => boolean;

/**
 * A predicate for the common case: visible to callers whose token has every one of `scopes`
 * (`caller.authInfo.scopes`, as `@mcpkit/auth-server` and other verifiers fill it). A caller without
 * auth info sees nothing guarded by it.
 *
 * @example server.tool('deploy', { visible: visibleWithScopes('tools:deploy') }, deploy);
 */
export function visibleWithScopes(...scopes: string[]): VisibilityPredicate {
  if (scopes.length === 0) {
    throw new TypeError('visibleWithScopes needs at least one scope (without one, leave `visible` unset)');
  }
  const required = [...scopes];
  return (caller) => {
    const granted = caller.authInfo?.scopes;
    return granted !== undefined && required.every((scope) => granted.includes(scope));
  };
}

/** Refuses a `visible` option that is neither a function nor unset (`null` clears it in updates). */
export function checkVisible(kind: string, key: string, predicate: unknown): void {
  if (predicate === undefined || predicate === null || typeof predicate === 'function') return;
  throw new TypeError(
    `Invalid visible option of ${kind} ${JSON.stringify(key)}: expected a function (caller) => boolean, got ${typeof predicate}`,
  );
}

/** Where a throwing predicate is reported (the server's `onerror`). */
interface ErrorSink {
  reportError(error: unknown, info: { name?: string; sessionId?: string }): void;
}

/**
 * The facts a predicate sees, copied from the request context (never the context itself); a fact
 * the request lacks is present as undefined.
 */
export function callerOf({
  authInfo,
  sessionId,
  _meta,
  protocolVersion,
  clientInfo,
}: CallerContext): CallerContext {
  return Object.freeze({ authInfo, sessionId, _meta, protocolVersion, clientInfo });
}

/** What these functions need of an entry and a registry (registry.ts imports this file). */
interface VisibleEntry {
  readonly key: string;
  readonly visible?: VisibilityPredicate | undefined;
}
interface EntrySource<E extends VisibleEntry> {
  get(key: string): E | undefined;
  list(): E[];
  readonly hasPredicates: boolean;
}

/** Fails closed: a predicate that throws hides its item (and the error goes to `onerror`). */
function allows(sink: ErrorSink, entry: VisibleEntry, caller: CallerContext): boolean {
  try {
    return entry.visible!(caller) === true;
  } catch (error) {
    const message = `The visible predicate of ${JSON.stringify(entry.key)} threw; hidden from this caller`;
    sink.reportError(new Error(message, { cause: error }), { name: entry.key, sessionId: caller.sessionId });
    return false;
  }
}

/** Whether this caller may see `entry` (always, when it has no predicate). */
export function isVisibleTo(sink: ErrorSink, entry: VisibleEntry, ctx: CallerContext): boolean {
  return entry.visible === undefined || allows(sink, entry, callerOf(ctx));
}

/** An enabled entry by key, if this caller may see it (else undefined, as for an unknown key). */
export function visibleEntry<E extends VisibleEntry>(
  sink: ErrorSink,
  registry: EntrySource<E>,
  key: string,
  ctx: CallerContext,
): E | undefined {
  const entry = registry.get(key);
  // isVisibleTo written out: every tools/call, prompts/get and resources/read comes here.
  return entry === undefined || entry.visible === undefined || allows(sink, entry, callerOf(ctx))
    ? entry
    : undefined;
}

/** The enabled entries this caller may see, in registration order. */
export function visibleEntries<E extends VisibleEntry>(
  sink: ErrorSink,
  registry: EntrySource<E>,
  ctx: CallerContext,
): E[] {
  const entries = registry.list();
  if (!registry.hasPredicates) return entries;
  const caller = callerOf(ctx);
  return entries.filter((entry) => entry.visible === undefined || allows(sink, entry, caller));
}

/**
 * A result that depends on who asked must not be served to others from a shared cache: 2026-07-28
 * results (SEP-2549) then say `cacheScope: 'private'` unless the handler chose a scope itself.
 * `perCaller`: whether the result depends on who asked (a predicate took part).
 */
export function markPerCaller(result: JSONObject, ctx: CallerContext, perCaller: unknown): void {
  if (perCaller && isStatelessProtocolVersion(ctx.protocolVersion)) result.cacheScope ??= 'private';
}

type ListKind = 'tools' | 'resources' | 'prompts';

interface VisibilityHolder {
  readonly tools: { readonly hasPredicates: boolean };
  readonly resources: { readonly hasPredicates: boolean };
  readonly templates: { readonly hasPredicates: boolean };
  readonly prompts: { readonly hasPredicates: boolean };
  capabilities(): { [K in ListKind]?: { listChanged?: boolean } };
}

/** The lists whose content depends on the caller and whose changes the server announces. */
export function listsWithPredicates(server: VisibilityHolder): ListKind[] {
  const capabilities = server.capabilities();
  return (['tools', 'resources', 'prompts'] as const).filter(
    (kind) =>
      capabilities[kind]?.listChanged === true &&
      (server[kind].hasPredicates || (kind === 'resources' && server.templates.hasPredicates)),
  );
}

// Which scopes an MCP request needs, from its JSON-RPC method and params: per tool, resource and
// prompt. The HTTP server asks per request message once it has read the body (`checkScopes`).

/** Scopes per name (or URI), or a function that decides; undefined means "no extra scope". */
export type ScopeTable =
  | Readonly<Record<string, readonly string[]>>
  | ((key: string) => readonly string[] | undefined);

/** Scopes a call needs beyond the server-wide ones, by tool, prompt, resource or method name. */
export interface ScopeRules {
  /** `tools/call` by tool name. */
  tools?: ScopeTable;
  /** `resources/read`, `resources/subscribe`, `resources/unsubscribe` by URI. */
  resources?: ScopeTable;
  /** `prompts/get` by prompt name. */
  prompts?: ScopeTable;
  /** Any other method: return the scopes it needs beyond the server-wide ones. */
  methods?: (method: string, params: unknown) => readonly string[] | undefined;
}

function lookup(table: ScopeTable | undefined, key: unknown): readonly string[] | undefined {
  if (table === undefined || typeof key !== 'string') return undefined;
  if (typeof table === 'function') return table(key);
  // Own keys only: a tool named "constructor" must not find Object.prototype's.
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

function field(params: unknown, name: string): unknown {
  return typeof params === 'object' && params !== null
    ? (params as Record<string, unknown>)[name]
    : undefined;
}

/** The scopes `method` with `params` needs beyond the server-wide ones (empty when none). */
export function scopesForRequest(rules: ScopeRules, method: string, params: unknown): readonly string[] {
  switch (method) {
    case 'tools/call':
      return lookup(rules.tools, field(params, 'name')) ?? [];
    case 'resources/read':
    case 'resources/subscribe':
    case 'resources/unsubscribe':
      return lookup(rules.resources, field(params, 'uri')) ?? [];
    case 'prompts/get':
      return lookup(rules.prompts, field(params, 'name')) ?? [];
    case 'completion/complete': {
      // Completing a prompt's or resource's arguments reveals as much as using it.
      const ref = field(params, 'ref');
      const type = field(ref, 'type');
      if (type === 'ref/prompt') return lookup(rules.prompts, field(ref, 'name')) ?? [];
      if (type === 'ref/resource') return lookup(rules.resources, field(ref, 'uri')) ?? [];
      return [];
    }
    default:
      return rules.methods?.(method, params) ?? [];
  }
}

/** Every scope the tables name, for `scopes_supported` (function tables cannot be listed). */
export function scopesNamed(rules: ScopeRules): string[] {
  const all = new Set<string>();
  for (const table of [rules.tools, rules.resources, rules.prompts]) {
    if (table === undefined || typeof table === 'function') continue;
    for (const scopes of Object.values(table)) for (const scope of scopes) all.add(scope);
  }
  return [...all];
}

/** `the tool "deploy"`, `reading the resource "file:///x"`: what a scope refusal was about. */
export function describeRequest(method: string, params: unknown): string {
  const name = field(params, 'name');
  const uri = field(params, 'uri');
  if (method === 'tools/call') return `the tool ${JSON.stringify(name)}`;
  if (method === 'prompts/get') return `the prompt ${JSON.stringify(name)}`;
  if (method.startsWith('resources/')) return `${method} of ${JSON.stringify(uri)}`;
  return method;
}

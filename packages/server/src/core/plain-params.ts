// The tools/call params of nearly every call are `{ name, arguments, _meta }`, and zod-parsing
// them (a copy of `arguments` included) cost as much as the rest of the server's work on an echo
// call. As for `_meta` (request-meta.ts), a hand-written check answers `true` only for params that
// `CallToolRequestParamsSchema` certainly accepts unchanged; anything else goes to the schema,
// which gives its precise error. `_meta` itself is vouched for by the caller.

/** True when `params` is `{ name: string, arguments?: plain object, _meta? }` and nothing else. */
export function isPlainToolCallParams(params: Record<string, unknown>): boolean {
  if (typeof params.name !== 'string') return false;
  const args = params.arguments;
  if (args !== undefined) {
    if (typeof args !== 'object' || args === null || Array.isArray(args)) return false;
    // The schema's record treats a `__proto__` key specially: let it decide.
    if (Object.hasOwn(args, '__proto__')) return false;
  }
  for (const key in params) if (key !== 'name' && key !== 'arguments' && key !== '_meta') return false;
  return true;
}

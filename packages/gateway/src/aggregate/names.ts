import type { NameFilter } from '../options.js';

/** Default text between an upstream's namespace and a tool or prompt name. */
export const DEFAULT_SEPARATOR = '__';

/** Matches `name` against a pattern where `*` stands for any run of characters. */
function matches(pattern: string, name: string): boolean {
  if (!pattern.includes('*')) return pattern === name;
  const parts = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*')}$`, 's').test(name);
}

/** Whether a filter lets `name` through: in `allow` (when given) and not in `deny`. */
export function passes(filter: NameFilter | undefined, name: string): boolean {
  if (filter === undefined) return true;
  if (filter.allow !== undefined && !filter.allow.some((pattern) => matches(pattern, name))) return false;
  return !(filter.deny ?? []).some((pattern) => matches(pattern, name));
}

/** The name a tool or prompt gets through the gateway. */
export function exposedName(namespace: string | false, separator: string, name: string): string {
  return namespace === false ? name : `${namespace}${separator}${name}`;
}

/**
 * The instrumentation scope of every span and histogram this package records. No version: it would
 * have to follow package.json through every release, and a stale one would mislead more than none.
 */
export const INSTRUMENTATION_NAME = '@mcpkit/otel';

/** Clients and servers already instrumented: a second call would record every request twice. */
const instrumented = new WeakSet<object>();

/** Marks `target` instrumented, refusing one that already is (`caller` names the function in the error). */
export function claimForInstrumentation(
  target: object,
  caller: 'instrumentClient' | 'instrumentServer',
): void {
  const kind = caller === 'instrumentClient' ? 'client' : 'server';
  if (instrumented.has(target))
    throw new Error(`${caller}: this ${kind} is already instrumented (each request would be traced twice)`);
  instrumented.add(target);
}

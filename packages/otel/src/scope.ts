/**
 * The instrumentation scope of every span and histogram this package records. No version: it would
 * have to follow package.json through every release, and a stale one would mislead more than none.
 */
export const INSTRUMENTATION_NAME = '@mcpkit/otel';

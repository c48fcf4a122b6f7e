// Test options every workspace project shares; vitest does not pass root options down to projects.
import { defineProject, mergeConfig } from 'vitest/config';

/** Real processes and sockets take seconds on a loaded 2-core CI machine. */
export const sharedTestOptions = { testTimeout: 30_000, hookTimeout: 30_000 };

export function workspaceProject(name: string, test: Record<string, unknown> = {}) {
  return mergeConfig(defineProject({ test: { name, ...sharedTestOptions } }), defineProject({ test }));
}

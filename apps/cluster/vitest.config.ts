import { defineProject } from 'vitest/config';

// The check starts redis-server, nginx and three server processes, then stops Redis mid-run: on a
// loaded machine that takes tens of seconds.
export default defineProject({ test: { name: 'cluster', testTimeout: 240_000, hookTimeout: 60_000 } });

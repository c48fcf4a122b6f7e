import { defineProject } from 'vitest/config';

// The tests spawn the built CLI and the echo server; on a loaded machine that can take seconds.
export default defineProject({ test: { name: 'cli', testTimeout: 30_000, hookTimeout: 30_000 } });

import { defineProject } from 'vitest/config';

// These tests spawn real processes; on a loaded machine that can take seconds.
export default defineProject({ test: { name: 'echo-server', testTimeout: 30_000, hookTimeout: 30_000 } });

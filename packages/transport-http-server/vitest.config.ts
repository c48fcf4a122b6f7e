import { defineProject } from 'vitest/config';

// Same limits as the root config, so a loaded CI machine does not fail socket tests spuriously.
export default defineProject({
  test: { name: 'transport-http-server', testTimeout: 30_000, hookTimeout: 30_000 },
});

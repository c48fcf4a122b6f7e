import { fileURLToPath } from 'node:url';
import { mergeConfig } from 'vitest/config';
import { workspaceProject } from '../../vitest.shared.js';

// `#node-request` resolves through package.json "imports" to a built file; the package's own tests
// run its source.
export default mergeConfig(workspaceProject('transport-http-client'), {
  resolve: {
    alias: { '#node-request': fileURLToPath(new URL('./src/node-request.ts', import.meta.url)) },
  },
});

import { workspaceProject } from '../../vitest.shared.js';

// The check starts redis-server, nginx and three server processes, then stops Redis mid-run: on a
// loaded machine that takes minutes.
export default workspaceProject('cluster', { testTimeout: 300_000 });

import { workspaceProject } from '../../vitest.shared.js';

// Packs, publishes to a local registry and runs `npm install` from it: a minute or more on a loaded machine.
export default workspaceProject('release-check', { testTimeout: 360_000, hookTimeout: 180_000 });

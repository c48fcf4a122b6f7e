import { workspaceProject } from '../../vitest.shared.js';

// Packs, publishes to a local registry and runs `npm install` from it: a minute or more on a loaded machine.
// One file at a time: the release check and the pack:all check both pack every package and run npm install,
// which would only compete for the same two cores (and the same npm cache) side by side.
export default workspaceProject('release-check', {
  testTimeout: 360_000,
  hookTimeout: 180_000,
  fileParallelism: false,
});

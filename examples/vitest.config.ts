import { workspaceProject } from '../vitest.shared.js';

// Every example and README program runs as a real process; type-checking the README blocks runs tsc.
export default workspaceProject('examples', { testTimeout: 120_000, hookTimeout: 60_000 });

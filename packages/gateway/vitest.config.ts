import { workspaceProject } from '../../vitest.shared.js';

// These tests spawn real server processes (and the built CLI); on a loaded machine that takes seconds.
export default workspaceProject('gateway');

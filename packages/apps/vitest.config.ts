import { workspaceProject } from '../../vitest.shared.js';

// The browser tests drive Debian's Chromium headless (playwright-core), as apps/runtimes does.
export default workspaceProject('apps');

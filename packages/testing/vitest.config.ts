import { workspaceProject } from '../../vitest.shared.js';

export default workspaceProject('testing');

import { workspaceProject } from '../../vitest.shared.js';

// The end-to-end tests spawn a stdio server process and run HTTP servers and an OTLP receiver.
export default workspaceProject('otel');

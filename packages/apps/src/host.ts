// The host side of MCP Apps: being written (issue 39).
export { UI_EXTENSION_ID, UI_RESOURCE_MIME_TYPE } from './index.js';

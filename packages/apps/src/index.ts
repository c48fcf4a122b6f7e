// What the server, app and host sides of MCP Apps (SEP-1865) share: the extension's identifier, the
// MIME type of its UI resources, the `ui/*` wire names, message and metadata types, and their checks.
// Each side has its own entry (`./server`, `./app`, `./host`) so an app bundle never carries server
// or host code.

export * from './shared/index.js';

/** The extension identifier servers and hosts declare in `capabilities.extensions`. */
export const UI_EXTENSION_ID = 'io.modelcontextprotocol/ui';

/** The MIME type of an MCP App's HTML resource. */
export const UI_RESOURCE_MIME_TYPE = 'text/html;profile=mcp-app';

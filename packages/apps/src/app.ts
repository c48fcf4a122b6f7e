// The app side of MCP Apps (SEP-1865): what an app's script imports inside the host's iframe. Only
// this entry's imports end up in an app bundle: no zod, no server or host code, no node:*.

export { App, type AppOptions } from './app/app.js';
export { AppError, type AppErrorCode } from './app/errors.js';
export {
  applyHostStyles,
  HOST_FONTS_STYLE_ID,
  type StyledRoot,
  type StyledRootStyle,
} from './app/host-styles.js';
export {
  type MessageEventSource,
  type PostMessageEvent,
  type PostMessageTarget,
  PostMessageTransport,
  type PostMessageTransportOptions,
} from './app/post-message-transport.js';
export { UI_EXTENSION_ID, UI_RESOURCE_MIME_TYPE } from './index.js';

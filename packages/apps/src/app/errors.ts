/** Why an `App` call failed locally (the host's own refusals arrive as JSON-RPC errors). */
export type AppErrorCode =
  /** The app is not connected (or no longer). */
  | 'NOT_CONNECTED'
  /** `connect` was called on an app already connected. */
  | 'ALREADY_CONNECTED'
  /** The host answered `ui/initialize` with a revision this package does not speak. */
  | 'UNSUPPORTED_PROTOCOL_VERSION'
  /** The host's answer does not have the shape the specification gives it. */
  | 'INVALID_HOST_RESPONSE'
  /** `requestDisplayMode` asked for a mode the host does not list in `availableDisplayModes`. */
  | 'DISPLAY_MODE_UNAVAILABLE';

/** An error of the app side, with a code to branch on and a message naming what was wrong. */
export class AppError extends Error {
  readonly code: AppErrorCode;

  constructor(code: AppErrorCode, message: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
  }
}

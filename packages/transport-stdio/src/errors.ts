/** Stable string codes of stdio transport failures (see `StdioTransportError.code`). */
export const StdioErrorCode = {
  /** The server process could not be started (e.g. command not found). */
  SpawnFailed: 'SPAWN_FAILED',
  /** The server process exited (or its stdout ended) while the transport was open. */
  ProcessExited: 'PROCESS_EXITED',
  /** An incoming message was larger than `maxMessageBytes`; it was skipped. */
  MessageTooLarge: 'MESSAGE_TOO_LARGE',
  /** The incoming byte stream broke the framing rules (e.g. a bad `Content-Length` header). */
  FramingError: 'FRAMING_ERROR',
  /** More than `maxPendingWriteBytes` were waiting for a reader that does not read. */
  WriteQueueFull: 'WRITE_QUEUE_FULL',
  /** Writing to the output stream failed. */
  WriteFailed: 'WRITE_FAILED',
  /** The transport is not started, or already closed. */
  NotConnected: 'NOT_CONNECTED',
} as const;
export type StdioErrorCode = (typeof StdioErrorCode)[keyof typeof StdioErrorCode];

/** Extra facts some failures carry. */
export interface StdioErrorDetails {
  /** Exit code of the server process, when it exited normally. */
  exitCode?: number | null;
  /** Signal that ended the server process. */
  signal?: NodeJS.Signals | null;
  /** The last bytes the server process wrote to stderr (bounded). */
  stderrTail?: string;
}

/** A local failure of a stdio transport, with a stable string `code`. */
export class StdioTransportError extends Error {
  override readonly name = 'StdioTransportError';
  readonly code: StdioErrorCode;
  readonly exitCode?: number | null;
  readonly signal?: NodeJS.Signals | null;
  readonly stderrTail?: string;

  constructor(code: StdioErrorCode, message: string, details?: StdioErrorDetails & { cause?: unknown }) {
    super(message, details?.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    // The fields are own properties either way (declared class fields), so absent facts stay undefined.
    this.exitCode = details?.exitCode;
    this.signal = details?.signal;
    this.stderrTail = details?.stderrTail;
  }
}

/** The message of a thrown value, which need not be an Error. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

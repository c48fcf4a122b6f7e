/**
 * Where the client sends warnings about things it chose to tolerate or work around (a tool left out
 * of a listing, for instance). Library code never writes to the console: pass `console` itself, or
 * an adapter for pino/winston/etc., to see them.
 */
export interface ClientLogger {
  /** Logs a warning about something the client tolerated or worked around. */
  warn(message: string, details?: Record<string, unknown>): void;
}

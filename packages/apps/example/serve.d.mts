// Types of serve.mjs, for the browser tests that start the example in-process.
export interface RunningExample {
  /** The host page. */
  url: string;
  /** The sandbox proxy page, on the second origin. */
  sandboxUrl: string;
  close(): Promise<void>;
}
export function startExample(options?: {
  port?: number;
  sandboxPort?: number;
  appEntry?: string;
  hostEntry?: string;
}): Promise<RunningExample>;
export function appDocument(entry?: string): Promise<string>;

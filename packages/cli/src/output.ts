/** Where a command writes: results on stdout, messages and progress on stderr. */
export interface Output {
  /** Writes a line of result to stdout. */
  out(text: string): void;
  /** Writes a line of message to stderr. */
  err(text: string): void;
  /** Starts a spinner on stderr while `promise` runs, when allowed (see `createOutput`). */
  spin<T>(
    label: string,
    promise: (progress: (done: number, total?: number) => void) => Promise<T>,
  ): Promise<T>;
}

/** A stream the CLI writes text to, such as `process.stdout`. */
export interface TextStream {
  /** Writes the text as it is. */
  write(text: string): unknown;
  /** True when the stream is a terminal: only then may a spinner be drawn. */
  isTTY?: boolean;
}

/** The streams and environment `createOutput` reads. */
export interface OutputStreams {
  /** Where results go. */
  stdout: TextStream;
  /** Where messages and the spinner go. */
  stderr: TextStream;
  /** The environment; `NO_COLOR` turns the spinner off. */
  env: Record<string, string | undefined>;
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const FRAME_MS = 80;

/**
 * An Output on the given streams. The spinner runs only when both stdout and stderr are terminals,
 * NO_COLOR is unset and the output is not JSON: a script reading stdout, or a log of stderr, never
 * sees control characters.
 */
export function createOutput(streams: OutputStreams, json: boolean): Output {
  const animate =
    streams.stdout.isTTY === true &&
    streams.stderr.isTTY === true &&
    !json &&
    (streams.env.NO_COLOR ?? '') === '';
  return {
    out: (text) => streams.stdout.write(`${text}\n`),
    err: (text) => streams.stderr.write(`${text}\n`),
    async spin(label, run) {
      if (!animate) return run(() => undefined);
      let frame = 0;
      let detail = '';
      const draw = () =>
        streams.stderr.write(`\r\x1b[2K${FRAMES[frame++ % FRAMES.length]} ${label}${detail}`);
      const timer = setInterval(draw, FRAME_MS);
      timer.unref();
      draw();
      try {
        return await run((done, total) => {
          detail = total === undefined ? ` (${done})` : ` (${Math.round((done / total) * 100)}%)`;
        });
      } finally {
        clearInterval(timer);
        streams.stderr.write('\r\x1b[2K');
      }
    },
  };
}

// Documents fetched from the authorization server (introspection answers, key sets) are read with a
// size bound: an answer is data from the network, and reading it whole would let one answer take
// as much memory as it likes.

/** Raised when a fetched document is over its size bound; the message names the bound's option. */
export class DocumentTooLarge extends Error {
  constructor(what: string, maxBytes: number, option: string) {
    super(`${what} is larger than ${maxBytes} bytes, the most read (${option})`);
    this.name = 'DocumentTooLarge';
  }
}

/**
 * The body's text, read up to `maxBytes`; past it the body is cancelled (the rest is never read)
 * and `DocumentTooLarge` is thrown. The time bound is the fetch's own signal, which also ends a
 * body that trickles in.
 */
export async function readBoundedText(
  response: Response,
  maxBytes: number,
  what: string,
  option: string,
): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new DocumentTooLarge(what, maxBytes, option);
  }
  if (response.body === null) return '';
  const text = await readTextUpTo(response.body, maxBytes);
  if (text === undefined) throw new DocumentTooLarge(what, maxBytes, option);
  return text;
}

/**
 * A stream's text, or undefined once it passes `maxBytes` (the rest is cancelled, never read).
 * `awaitCancel: false` is for one branch of a tee (a cloned Request), whose cancel settles only
 * once the other branch is cancelled too.
 */
export async function readTextUpTo(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  { awaitCancel = true }: { awaitCancel?: boolean } = {},
): Promise<string | undefined> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      const cancelled = reader.cancel();
      if (awaitCancel) await cancelled;
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** What went wrong with a fetch, in words: a time-out names the bound that ended it. */
export function fetchFailure(error: unknown, timeoutMs: number, option: string): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'JWKSTimeout') {
    return `no complete answer within ${timeoutMs} ms (${option})`;
  }
  return error instanceof Error ? error.message : String(error);
}

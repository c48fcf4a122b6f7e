/**
 * Splits a stream of text chunks into newline-delimited lines, scanning each byte once (a 1 MiB
 * message arriving in 64 KiB chunks must not be rescanned from its start on every chunk).
 */
export function lineSplitter(onLine: (line: string) => void): (chunk: string) => void {
  let pending: string[] = [];
  return (chunk: string) => {
    let start = 0;
    let newline = chunk.indexOf('\n');
    while (newline >= 0) {
      const tail = chunk.slice(start, newline);
      const line = pending.length > 0 ? pending.join('') + tail : tail;
      pending = [];
      if (line.length > 0) onLine(line);
      start = newline + 1;
      newline = chunk.indexOf('\n', start);
    }
    if (start < chunk.length) pending.push(chunk.slice(start));
  };
}

import { JsonRpcError } from '@mcpkit/jsonrpc';

// Opaque, stable cursors: a cursor names the last item a page returned by its entry's
// registration sequence number and its index within that entry (a resource template's `list`
// callback yields many resources). Adding or removing other entries never shifts a page, and
// a cursor from another list, another server or a garbage string is rejected with -32602.

interface Position {
  seq: number;
  index: number;
}

const PREFIX = 'mcpkit1';

export function encodeCursor(list: string, position: Position): string {
  return btoa(`${PREFIX}:${list}:${position.seq}:${position.index}`);
}

export function decodeCursor(list: string, cursor: string): Position {
  const invalid = (why: string) =>
    JsonRpcError.invalidParams(
      `Invalid cursor for ${list}: ${why}; pass a nextCursor from a previous ${list} result`,
      {
        cursor,
      },
    );
  let text: string;
  try {
    text = atob(cursor);
  } catch (error) {
    // atob throws on characters outside base64: the cursor was not ours.
    throw Object.assign(invalid('not a cursor this server issued'), { cause: error });
  }
  const [prefix, owner, seq, index] = text.split(':');
  if (prefix !== PREFIX || seq === undefined || index === undefined)
    throw invalid('not a cursor this server issued');
  if (owner !== list) throw invalid(`it belongs to ${owner}`);
  const position = { seq: Number(seq), index: Number(index) };
  if (!Number.isSafeInteger(position.seq) || !Number.isSafeInteger(position.index)) {
    throw invalid('not a cursor this server issued');
  }
  return position;
}

export interface Page<T> {
  items: T[];
  nextCursor?: string;
}

/**
 * One page of the items `entries` expand to, starting after `cursor`. Entries before the cursor
 * are skipped without being expanded, so a template's `list` callback runs only when its
 * resources are on the page.
 */
export async function paginate<E extends { seq: number }, T>(
  list: string,
  entries: readonly E[],
  expand: (entry: E) => readonly T[] | Promise<readonly T[]>,
  cursor: string | undefined,
  pageSize: number,
): Promise<Page<T>> {
  const after = cursor === undefined ? undefined : decodeCursor(list, cursor);
  const items: T[] = [];
  let last: Position | undefined;
  for (const entry of entries) {
    if (after !== undefined && entry.seq < after.seq) continue;
    const expanded = await expand(entry);
    const start = after !== undefined && entry.seq === after.seq ? after.index + 1 : 0;
    for (let index = start; index < expanded.length; index++) {
      if (items.length === pageSize) return { items, nextCursor: encodeCursor(list, last!) };
      items.push(expanded[index]!);
      last = { seq: entry.seq, index };
    }
  }
  return { items };
}

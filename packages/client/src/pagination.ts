import type { PaginatedRequestParams } from '@mcpkit/protocol';
import { McpClientError, McpClientErrorCode } from './errors.js';

/** One page of a paginated list: its items under `key`, and the cursor of the next page. */
export type Page<K extends string, T> = { [P in K]: T[] } & { nextCursor?: string | undefined };

/**
 * Walks a paginated list page by page, yielding the items under `key` of each page `list` returns.
 * Stops with PAGINATION_LOOP when the server hands back a cursor it already gave (it would loop
 * forever) or after `maxPages` pages.
 */
export async function* paginate<K extends string, T>(
  method: string,
  list: (params: PaginatedRequestParams | undefined) => Promise<Page<K, T>>,
  key: K,
  maxPages: number,
): AsyncGenerator<T, void, undefined> {
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let pageCount = 1; ; pageCount++) {
    const page = await list(cursor === undefined ? undefined : { cursor });
    yield* page[key];
    cursor = page.nextCursor;
    if (cursor === undefined) return;
    const problem = seen.has(cursor)
      ? `returned cursor '${cursor}' a second time (after ${pageCount} pages); stopping so the listing does not loop forever`
      : pageCount >= maxPages
        ? `still had more pages after ${maxPages} pages (the maxPages limit); raise maxPages to read further`
        : undefined;
    if (problem !== undefined) {
      throw new McpClientError(McpClientErrorCode.PaginationLoop, `${method} ${problem}`, {
        data: { method, cursor, pages: pageCount },
      });
    }
    seen.add(cursor);
  }
}

/** Collects every item of a paginated list (see `paginate`). */
export async function collectAll<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

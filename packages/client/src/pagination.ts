import { McpClientError, McpClientErrorCode } from './errors.js';

export interface Page<T> {
  items: T[];
  nextCursor?: string | undefined;
}

/**
 * Walks a paginated list page by page. Stops with PAGINATION_LOOP when the server hands back a
 * cursor it already gave (it would loop forever) or after `maxPages` pages.
 */
export async function* paginate<T>(
  method: string,
  fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
  maxPages: number,
): AsyncGenerator<T, void, undefined> {
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let pageCount = 1; ; pageCount++) {
    const page = await fetchPage(cursor);
    yield* page.items;
    if (page.nextCursor === undefined) return;
    if (seen.has(page.nextCursor)) {
      throw new McpClientError(
        McpClientErrorCode.PaginationLoop,
        `${method} returned cursor '${page.nextCursor}' a second time (after ${pageCount} pages); ` +
          'stopping so the listing does not loop forever',
        { data: { method, cursor: page.nextCursor, pages: pageCount } },
      );
    }
    if (pageCount >= maxPages) {
      throw new McpClientError(
        McpClientErrorCode.PaginationLoop,
        `${method} still had more pages after ${maxPages} pages (the maxPages limit); raise maxPages to read further`,
        { data: { method, cursor: page.nextCursor, pages: pageCount } },
      );
    }
    seen.add(page.nextCursor);
    cursor = page.nextCursor;
  }
}

/** Collects every item of a paginated list (see `paginate`). */
export async function collectAll<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

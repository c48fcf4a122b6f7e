// Nearly every tools/call answers `{ content: [{ type: 'text', text }], isError?, resultType?,
// _meta? }` (2026-07-28: `_meta` names the server),
// and zod-parsing that on each call made more garbage than the rest of the client's work. As the
// server does for request `_meta`, a hand-written check answers `true` only for a result every
// revision's CallToolResult schema accepts unchanged (loose objects: parsing copies, changes
// nothing); anything else goes to the schema, which gives its precise error.

const RESULT_KEYS: ReadonlySet<string> = new Set(['content', 'isError', 'resultType', '_meta']);
const SERVER_INFO_KEY = 'io.modelcontextprotocol/serverInfo';
const SERVER_INFO_TEXT_KEYS: ReadonlySet<string> = new Set([
  'name',
  'title',
  'version',
  'description',
  'websiteUrl',
]);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A `{ type: 'text', text: string }` block with no other key. */
function isBareTextBlock(block: unknown): boolean {
  if (!isPlainObject(block) || block.type !== 'text' || typeof block.text !== 'string') return false;
  for (const key in block) if (key !== 'type' && key !== 'text') return false;
  return true;
}

/** A result `_meta` holding only the server's info (2026-07-28 puts it on every result), all text. */
function isServerInfoMeta(meta: unknown): boolean {
  if (!isPlainObject(meta)) return false;
  for (const key in meta) if (key !== SERVER_INFO_KEY) return false;
  const info = meta[SERVER_INFO_KEY];
  if (info === undefined) return true;
  if (!isPlainObject(info) || typeof info.name !== 'string' || typeof info.version !== 'string') return false;
  for (const key in info) {
    if (!SERVER_INFO_TEXT_KEYS.has(key) || typeof info[key] !== 'string') return false;
  }
  return true;
}

/** True when `value` is a CallToolResult of bare text blocks that the schema would return as is. */
export function isPlainTextToolResult(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  const content = value.content;
  if (!Array.isArray(content)) return false;
  for (const block of content) if (!isBareTextBlock(block)) return false;
  if (value.isError !== undefined && typeof value.isError !== 'boolean') return false;
  if (value.resultType !== undefined && typeof value.resultType !== 'string') return false;
  if (value._meta !== undefined && !isServerInfoMeta(value._meta)) return false;
  for (const key in value) if (!RESULT_KEYS.has(key)) return false;
  return true;
}

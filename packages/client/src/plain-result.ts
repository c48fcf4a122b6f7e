// Nearly every tools/call answers `{ content: [{ type: 'text', text }], isError?, resultType?,
// _meta? }` (2026-07-28: `_meta` names the server),
// and zod-parsing that on each call made more garbage than the rest of the client's work. As the
// server does for request `_meta`, a hand-written check answers `true` only for a result every
// revision's CallToolResult schema accepts unchanged (loose objects: parsing copies, changes
// nothing); anything else goes to the schema, which gives its precise error.

// Key lists as comparisons, not Set lookups: parsed keys are internalized strings, so each
// comparison is a pointer check, cheaper than hashing into a Set on every call.
const SERVER_INFO_KEY = 'io.modelcontextprotocol/serverInfo';

function isResultKey(key: string): boolean {
  return key === 'content' || key === 'isError' || key === 'resultType' || key === '_meta';
}

function isServerInfoTextKey(key: string): boolean {
  return (
    key === 'name' || key === 'version' || key === 'title' || key === 'description' || key === 'websiteUrl'
  );
}

/** A result `_meta` holding only the server's info (2026-07-28 puts it on every result), all text. */
function isServerInfoMeta(meta: unknown): boolean {
  // No isPlainObject calls: this runs on every 2026-07-28 tools/call result.
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) return false;
  for (const key in meta) if (key !== SERVER_INFO_KEY) return false;
  const info = (meta as Record<string, unknown>)[SERVER_INFO_KEY];
  if (info === undefined) return true;
  if (typeof info !== 'object' || info === null || Array.isArray(info)) return false;
  const fields = info as Record<string, unknown>;
  if (typeof fields.name !== 'string' || typeof fields.version !== 'string') return false;
  for (const key in fields) {
    if (!isServerInfoTextKey(key) || typeof fields[key] !== 'string') return false;
  }
  return true;
}

/** True when `value` is a CallToolResult of bare text blocks that the schema would return as is. */
export function isPlainTextToolResult(value: unknown): boolean {
  // isPlainObject and isBareTextBlock written out: this runs on every tools/call result.
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const result = value as Record<string, unknown>;
  const content = result.content;
  if (!Array.isArray(content)) return false;
  for (const block of content) {
    if (typeof block !== 'object' || block === null || Array.isArray(block)) return false;
    if (block.type !== 'text' || typeof block.text !== 'string') return false;
    for (const key in block) if (key !== 'type' && key !== 'text') return false;
  }
  if (result.isError !== undefined && typeof result.isError !== 'boolean') return false;
  if (result.resultType !== undefined && typeof result.resultType !== 'string') return false;
  if (result._meta !== undefined && !isServerInfoMeta(result._meta)) return false;
  for (const key in result) if (!isResultKey(key)) return false;
  return true;
}

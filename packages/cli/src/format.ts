// Text renderings of results for a person at a terminal; `--json` prints the results unchanged.

/** One item of a tool result's or prompt message's content, as far as printing needs. */
interface ContentLike {
  type: string;
  text?: string;
  mimeType?: string;
  data?: string;
  uri?: string;
  resource?: { uri: string; text?: string; blob?: string; mimeType?: string };
}

/** A readable line (or block) for one content item; binary data is summarised, not printed. */
export function formatContent(content: ContentLike): string {
  switch (content.type) {
    case 'text':
      return content.text ?? '';
    case 'image':
    case 'audio':
      return `[${content.type} ${content.mimeType ?? ''}, ${base64Bytes(content.data ?? '')} bytes]`;
    case 'resource_link':
      return `[resource link ${content.uri ?? ''}]`;
    case 'resource':
      return formatResourceContents(content.resource ?? { uri: '' });
    default:
      return JSON.stringify(content);
  }
}

/** The text of a resource, or a summary of its blob. */
export function formatResourceContents(contents: {
  uri: string;
  text?: string;
  blob?: string;
  mimeType?: string;
}): string {
  if (contents.text !== undefined) return contents.text;
  return `[blob ${contents.uri} ${contents.mimeType ?? ''}, ${base64Bytes(contents.blob ?? '')} bytes]`;
}

/** Decoded size of base64 text, without decoding it. */
function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

/** `value` as indented JSON, each line prefixed by `indent`. */
export function indentJson(value: unknown, indent: string): string {
  return JSON.stringify(value, null, 2)
    .split('\n')
    .map((line) => indent + line)
    .join('\n');
}

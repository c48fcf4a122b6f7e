// Reading a tool's UI resource through the host's client: the HTML from `resources/read` (text, or
// base64 blob decoded as UTF-8), and the content's `_meta.ui`.
import type { McpClient } from '@mcpkit/client';
import { UI_RESOURCE_MIME_TYPE } from '../index.js';
import { checkUiResourceMeta, UI_META_KEY, type UiResourceMeta } from '../shared/index.js';

/** An app's HTML and the `_meta.ui` of its resource content (CSP domains, permissions, …). */
export interface AppResource {
  uri: string;
  html: string;
  /** The content's `_meta.ui` (CSP domains, permissions), checked. */
  meta: UiResourceMeta;
}

/**
 * Reads the app resource `uri` through `client` and checks it as SEP-1865 requires: a `ui://` URI,
 * one content of that URI with the MIME type `text/html;profile=mcp-app`, HTML as text or blob.
 */
export async function readAppResource(
  client: Pick<McpClient, 'readResource'>,
  uri: string,
): Promise<AppResource> {
  if (!uri.startsWith('ui://'))
    throw new TypeError(`an app resource URI must start with ui://, got ${JSON.stringify(uri)}`);
  const result = await client.readResource({ uri });
  const content = result.contents.find((item) => item.uri === uri) ?? result.contents[0];
  if (content === undefined) throw new Error(`resources/read of ${uri} returned no contents`);
  if (content.mimeType !== UI_RESOURCE_MIME_TYPE) {
    throw new Error(
      `resources/read of ${uri} returned mimeType ${JSON.stringify(content.mimeType)}; an app resource must be ${UI_RESOURCE_MIME_TYPE}`,
    );
  }
  let html: string;
  if ('text' in content && typeof content.text === 'string') html = content.text;
  else if ('blob' in content && typeof content.blob === 'string') html = decodeBase64Utf8(content.blob);
  else throw new Error(`resources/read of ${uri} returned neither text nor blob`);
  const ui = (content._meta as Record<string, unknown> | undefined)?.[UI_META_KEY];
  const problem =
    ui === undefined ? undefined : checkUiResourceMeta(ui, `resources/read of ${uri}: _meta.ui`);
  if (problem !== undefined) throw new Error(problem);
  return { uri, html, meta: (ui ?? {}) as UiResourceMeta };
}

function decodeBase64Utf8(base64: string): string {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return new TextDecoder().decode(bytes);
}

import type { AuthReply, RequestHead } from './types.js';

// OAuth 2.0 Protected Resource Metadata (RFC 9728), which MCP clients read to find the
// authorization server.

const WELL_KNOWN = '/.well-known/oauth-protected-resource';

/**
 * The path-based well-known URL of a resource's metadata (RFC 9728 §3.1): the well-known path goes
 * between the host and the resource's path, so `https://h/mcp` → `https://h/.well-known/oauth-protected-resource/mcp`.
 */
export function protectedResourceMetadataUrl(resource: string): string {
  const url = new URL(resource);
  const path = url.pathname === '/' ? '' : url.pathname;
  return `${url.origin}${WELL_KNOWN}${path}${url.search}`;
}

/** The document served at that URL. */
export function metadataReply(document: Record<string, unknown>): AuthReply {
  return {
    status: 200,
    headers: {
      'content-type': 'application/json',
      // A public document that browser-based clients must be able to read.
      'access-control-allow-origin': '*',
      'cache-control': 'max-age=3600',
    },
    body: JSON.stringify(document),
  };
}

/** Whether `head` asks for the metadata at `metadataUrl` (GET or HEAD to that path, any host). */
export function isMetadataRequest(head: RequestHead, metadataUrl: string): boolean {
  if (head.method !== 'GET' && head.method !== 'HEAD') return false;
  if (!URL.canParse(head.url)) return false;
  // The path alone: behind a proxy the host the server sees may differ from the public one.
  return new URL(head.url).pathname === new URL(metadataUrl).pathname;
}

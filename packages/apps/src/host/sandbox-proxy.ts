// The sandbox proxy page SEP-1865 requires of web hosts: served from an origin other than the
// host's, loaded in the host's outer iframe, it loads the app's HTML into an inner iframe under the
// CSP built from the resource's metadata and relays JSON-RPC messages between host and app. Hosts
// serve the string `sandboxProxyHtml()` returns; the page's script is `runSandboxProxy` below,
// embedded by its source (with `buildAppCsp` and `buildAllowAttribute` passed in as arguments), so
// it must stay self-contained.
import { UiMethod } from '../shared/index.js';
import { buildAllowAttribute, buildAppCsp } from './csp.js';

/** Options of `sandboxProxyHtml`. */
export interface SandboxProxyOptions {
  /**
   * The origins of the host pages allowed to embed the proxy (`https://chat.example.com`). The
   * page refuses to run inside any other page and only exchanges messages with its embedder.
   */
  hostOrigins: readonly string[];
  /**
   * The inner iframe's `sandbox` attribute when the host does not send one (default
   * `allow-scripts allow-same-origin allow-forms`).
   */
  defaultSandbox?: string;
}

/** What the page's script receives: checked options. */
interface ProxyConfig {
  hostOrigins: string[];
  defaultSandbox: string;
  /** The method names the page uses, passed in because its script cannot import them. */
  proxyReady: string;
  resourceReady: string;
  reservedPrefix: string;
}

/** The default `sandbox` attribute of the inner (app) iframe. */
export const DEFAULT_APP_SANDBOX = 'allow-scripts allow-same-origin allow-forms';

/**
 * The HTML of the sandbox proxy page, to serve (as `text/html`) from the sandbox origin, which must
 * differ from every host origin. Serve it without a restrictive Content-Security-Policy header: the
 * app's document inherits the page's policy, and gets its own from the resource's metadata.
 */
export function sandboxProxyHtml(options: SandboxProxyOptions): string {
  const hostOrigins = options.hostOrigins.map((origin, index) => {
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch (error) {
      throw new TypeError(
        `hostOrigins[${index}] must be an origin such as https://host.example, got ${JSON.stringify(origin)}`,
        {
          cause: error,
        },
      );
    }
    if (parsed.origin !== origin) {
      throw new TypeError(
        `hostOrigins[${index}] must be an origin (scheme, host and port only) such as ${parsed.origin}, got ${JSON.stringify(origin)}`,
      );
    }
    return origin;
  });
  if (hostOrigins.length === 0) throw new TypeError('hostOrigins must name at least one host origin');
  const config: ProxyConfig = {
    hostOrigins,
    defaultSandbox: options.defaultSandbox ?? DEFAULT_APP_SANDBOX,
    proxyReady: UiMethod.SandboxProxyReady,
    resourceReady: UiMethod.SandboxResourceReady,
    // SEP-1865: the proxy relays every method except these, which are between it and the host.
    reservedPrefix: 'ui/notifications/sandbox-',
  };
  // `<` escaped so that no value can close the script element.
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="color-scheme" content="light dark">
<title>MCP App sandbox</title>
<style>html,body{margin:0;padding:0;height:100%;overflow:hidden;background:transparent}iframe{display:block;width:100%;height:100%;border:0}</style>
</head>
<body>
<script>
(${runSandboxProxy.toString()})(${json(config)}, ${buildAppCsp.toString()}, ${buildAllowAttribute.toString()});
</script>
</body>
</html>
`;
}

/** The proxy page's script. Runs in the browser, from its source text: uses nothing outside its body. */
function runSandboxProxy(
  config: ProxyConfig,
  buildCsp: typeof buildAppCsp,
  buildAllow: typeof buildAllowAttribute,
): void {
  const fail = (message: string): never => {
    document.body.dataset.sandboxError = message;
    document.body.textContent = message;
    throw new Error(message);
  };
  if (window.parent === window) fail('This MCP App sandbox page only runs inside a host page iframe.');
  const embedder =
    window.location.ancestorOrigins?.[0] ?? (document.referrer ? new URL(document.referrer).origin : '');
  if (!config.hostOrigins.includes(embedder)) {
    fail(
      `This MCP App sandbox refuses to run inside ${embedder || 'an unknown page'}: allowed hosts are ${config.hostOrigins.join(', ')}.`,
    );
  }
  const hostOrigin = embedder;
  const isMessage = (data: unknown): data is { method?: unknown; params?: unknown } =>
    typeof data === 'object' && data !== null && (data as { jsonrpc?: unknown }).jsonrpc === '2.0';
  const isReserved = (data: { method?: unknown }) =>
    typeof data.method === 'string' && data.method.startsWith(config.reservedPrefix);

  let inner: HTMLIFrameElement | undefined;
  let innerOrigin = '*';

  const load = (params: Record<string, unknown>) => {
    if (typeof params.html !== 'string')
      fail('sandbox-resource-ready must carry the app HTML as params.html');
    const csp = buildCsp(params.csp as Parameters<typeof buildAppCsp>[0]);
    const sandbox = typeof params.sandbox === 'string' ? params.sandbox : config.defaultSandbox;
    const html = params.html as string;
    // The policy goes first (after the doctype, so the document stays in standards mode): nothing the
    // app's HTML says before or after it escapes a policy set before its first element is parsed.
    const meta = `<meta http-equiv="Content-Security-Policy" content="${csp.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`;
    const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
    const document_ = doctype ? doctype[0] + meta + html.slice(doctype[0].length) : meta + html;
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', sandbox);
    const allow = buildAllow(params.permissions as Parameters<typeof buildAllowAttribute>[0]);
    if (allow) frame.setAttribute('allow', allow);
    frame.setAttribute('title', 'MCP App');
    // Same-origin srcdoc documents share the proxy's origin; without allow-same-origin they are opaque ("null").
    innerOrigin = sandbox.split(/\s+/).includes('allow-same-origin') ? window.location.origin : 'null';
    frame.srcdoc = document_;
    inner = frame;
    document.body.dataset.csp = csp;
    document.body.appendChild(frame);
  };

  window.addEventListener('message', (event: MessageEvent) => {
    const data: unknown = event.data;
    if (!isMessage(data)) return;
    if (event.source === window.parent) {
      if (event.origin !== hostOrigin) return;
      if (isReserved(data)) {
        // One app per proxy page: a second resource would need a fresh page (and a fresh inner origin state).
        if (data.method === config.resourceReady && inner === undefined) {
          load((data.params ?? {}) as Record<string, unknown>);
        }
        return;
      }
      inner?.contentWindow?.postMessage(data, innerOrigin === 'null' ? '*' : innerOrigin);
    } else if (inner !== undefined && event.source === inner.contentWindow) {
      // A frame that navigated away from the app's document has another origin: not the app any more.
      if (event.origin !== innerOrigin || isReserved(data)) return;
      window.parent.postMessage(data, hostOrigin);
    }
  });
  window.parent.postMessage({ jsonrpc: '2.0', method: config.proxyReady, params: {} }, hostOrigin);
}

// The proxy page's behaviour runs in Chromium (test/*.browser.test.ts); here, what the HTML is made of.
import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_SANDBOX, sandboxProxyHtml } from './sandbox-proxy.js';

describe('sandboxProxyHtml', () => {
  it('embeds the allowed host origins and the method names in a script that parses', () => {
    const html = sandboxProxyHtml({ hostOrigins: ['https://chat.example.com', 'http://127.0.0.1:3000'] });
    const script = /<script>\n([\s\S]*)\n<\/script>/.exec(html)?.[1] ?? '';
    expect(script).toContain('"hostOrigins":["https://chat.example.com","http://127.0.0.1:3000"]');
    expect(script).toContain(`"defaultSandbox":"${DEFAULT_APP_SANDBOX}"`);
    expect(script).toContain('"proxyReady":"ui/notifications/sandbox-proxy-ready"');
    expect(script).toContain('"resourceReady":"ui/notifications/sandbox-resource-ready"');
    // Self-contained: the page's script compiles on its own.
    expect(() => new Function(script)).not.toThrow();
  });

  it('refuses host origins that are not bare origins', () => {
    expect(() => sandboxProxyHtml({ hostOrigins: [] })).toThrow(
      'hostOrigins must name at least one host origin',
    );
    expect(() => sandboxProxyHtml({ hostOrigins: ['https://chat.example.com/app'] })).toThrow(
      'hostOrigins[0] must be an origin (scheme, host and port only) such as https://chat.example.com, got "https://chat.example.com/app"',
    );
    expect(() => sandboxProxyHtml({ hostOrigins: ['*'] })).toThrow(
      'hostOrigins[0] must be an origin such as',
    );
  });

  it('keeps a sandbox value from closing its script element', () => {
    const html = sandboxProxyHtml({
      hostOrigins: ['https://a.example'],
      defaultSandbox: '</script><script>alert(1)',
    });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });
});
